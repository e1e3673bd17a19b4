import type { CaptionFiles, JobState, LipSyncCheck, PortraitCoverage, VideoFormatId } from '@lipcast/contracts';

/**
 * One Shot's last finished run, kept in this browser so that reopening the page shows the result
 * again (issue 16). Only what the result view needs is kept, under the user's id: another account
 * signed in on the same browser never sees it.
 */
export interface LastOneShotResult {
  userId: string;
  run: OneShotResult;
}

/** What the result view shows: the video, its portrait (the poster), its script and what of the description was drawn. */
export interface OneShotResult {
  id: string;
  url: string;
  image?: string;
  script?: string;
  /** What the offline engine drew of the description and what it could not. */
  coverage?: PortraitCoverage;
  /** Its word-timed captions (player track and downloads). */
  captions?: CaptionFiles;
  /** Its format when not the portrait card: kept so a reload still knows it (poster, download name). */
  format?: VideoFormatId;
  /** Its own first frame at its format's aspect (runs made before posters have none). */
  posterUrl?: string;
  /** Its measured lip-sync (runs made before the check have none). */
  lipSync?: LipSyncCheck;
}

const KEY = 'lipcast.oneShot.lastResult';

export function saveLastResult(userId: string, run: JobState): void {
  const result = resultOf(run);
  if (!result) return;
  const saved: LastOneShotResult = { userId, run: result };
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the result is simply not shown again.
  }
}

export function resultOf(run: JobState): OneShotResult | null {
  return run.url
    ? {
        id: run.id,
        url: run.url,
        image: run.steps?.image.url,
        script: run.steps?.script.script,
        coverage: run.steps?.image.coverage,
        ...(run.captions ? { captions: run.captions } : {}),
        ...(run.format ? { format: run.format } : {}),
        ...(run.posterUrl ? { posterUrl: run.posterUrl } : {}),
        ...(run.lipSync ? { lipSync: run.lipSync } : {}),
      }
    : null;
}

export function readLastResult(userId: string): OneShotResult | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as LastOneShotResult | null;
    return saved && saved.userId === userId && typeof saved.run?.url === 'string' ? saved.run : null;
  } catch {
    return null;
  }
}
