import type { InfluencerProject, Project, VideoFormatId } from '@lipcast/contracts';

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
export function completedProjects<T extends Pick<Project, 'outputUrl' | 'audioUrl'>>(projects: readonly T[]): T[] {
  return projects.filter((project) => historyStatus(project) === 'complete');
}

export const CREATOR_CLIPS_QUERY_KEY = ['/api/ai-influencer/projects'] as const;

/**
 * One entry of the profile's history. Every kind that uses a generation is listed: a wizard or One
 * Shot video (`GET /api/projects`) and a Creator clip (`GET /api/ai-influencer/projects`).
 */
export interface HistoryItem {
  key: string;
  kind: 'video' | 'creator-clip';
  createdAt: string;
  audioUrl: string | null;
  outputUrl: string | null;
  text: string | null | undefined;
  /** A still to show before the video plays (a video's own poster; Creator clips have their thumbnail). */
  poster?: string;
  /** A video's format (contracts' `VIDEO_FORMATS`); absent: the portrait card. */
  format?: VideoFormatId;
  /** A wizard or One Shot item's own project: its audio can be made into its video in the wizard ("Make the video"). */
  project?: Project;
}

/** The job folder of a media URL (`.../jobs/<jobId>/...`): a One Shot run stores its clip and its video there. */
function jobOf(url: string | null): string | null {
  return url ? (/\/jobs\/([^/]+)\//.exec(url)?.[1] ?? null) : null;
}

/**
 * The history, newest first: the wizard and One Shot items, then the Creator clips that were made
 * (a clip without a video used no generation). A One Shot run also leaves its clip among the
 * influencers; it is the same generation as its video, so it is listed once, as the video.
 */
export function historyItems(projects: readonly Project[], clips: readonly InfluencerProject[]): HistoryItem[] {
  const oneShotJobs = new Set(projects.map((project) => jobOf(project.outputUrl)).filter((job): job is string => job !== null));
  const videos: HistoryItem[] = projects.map((project) => ({
    key: `video-${project.id}`,
    kind: 'video',
    createdAt: project.createdAt,
    audioUrl: project.audioUrl,
    outputUrl: project.outputUrl,
    text: project.audioParams?.text,
    ...(project.format ? { format: project.format } : {}),
    ...(project.posterUrl ? { poster: project.posterUrl } : {}),
    project,
  }));
  const creatorClips: HistoryItem[] = clips
    .filter((clip) => clip.outputUrl !== null && !oneShotJobs.has(jobOf(clip.outputUrl) ?? ''))
    .map((clip) => ({
      key: `clip-${clip.id}`,
      kind: 'creator-clip',
      createdAt: clip.createdAt,
      audioUrl: null,
      outputUrl: clip.outputUrl,
      text: clip.name ?? null,
      poster: clip.thumbnailUrl ?? clip.imageUrl,
    }));
  return [...videos, ...creatorClips].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
