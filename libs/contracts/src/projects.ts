import type { Project } from './generation';
import type { TextLimit } from './generation-spec';

/*
 * Managing one's videos on /projects (issue 37, item 9): each video can be named, and is called by
 * that name there; without one it is "Video {id}".
 */

/** A video's name (`PATCH /api/projects/{id}`'s `title`): at most 100 characters; blank clears it. */
export const PROJECT_TITLE = { max: 100, messages: { max: 'A video name must be at most 100 characters' } } as const satisfies TextLimit;

/** `PATCH /api/projects/{id}`: the video's new name; blank (after trimming) removes it. */
export interface RenameProjectBody {
  title: string;
}

/** `generation.project.rename.v1`: the caller's history item and its new name. */
export interface RenameProjectRequest extends RenameProjectBody {
  userId: string;
  projectId: number;
}

/** What a video is called: the name its owner gave it, else its number. */
export function projectName(project: Pick<Project, 'id' | 'title'>): string {
  return project.title?.trim() || `Video ${project.id}`;
}
