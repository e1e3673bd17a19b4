import type { Project } from '@lipcast/contracts';

export const PROJECTS_QUERY_KEY = ['/api/projects'] as const;
export const TEXT_PREVIEW_LENGTH = 100;

/**
 * A history card's state (spec section 2, Profile page): a video means complete; audio alone means
 * the video is still pending; neither means the generation is still being processed.
 */
export type HistoryStatus = 'complete' | 'audio-only' | 'processing';

export function historyStatus(project: Pick<Project, 'outputUrl' | 'audioUrl'>): HistoryStatus {
  if (project.outputUrl) return 'complete';
  if (project.audioUrl) return 'audio-only';
  return 'processing';
}

/** The script's first 100 characters, with an ellipsis when there was more. */
export function textPreview(text: string | null | undefined, maxLength: number = TEXT_PREVIEW_LENGTH): string {
  const trimmed = (text ?? '').trim();
  return trimmed.length > maxLength ? `${trimmed.slice(0, maxLength)}...` : trimmed;
}

/** The "Completed" tab: generations whose video exists. */
export function completedProjects(projects: readonly Project[]): Project[] {
  return projects.filter((project) => historyStatus(project) === 'complete');
}
