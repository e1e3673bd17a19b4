import { mediaUrl, toLipSyncCheck, type CaptionFiles, type LipSyncCheck } from '@lipcast/contracts';
import type { JobResult } from './job.entity';

/**
 * What a job's result says besides its output (`key`), as every reader of a finished job reads it
 * (the job's state, the history, the public API's videos and their webhooks): the captions and the
 * poster the video's handler stored beside it, and its measured lip-sync.
 */

/** A job's captions as its result keeps them (object keys). */
export interface CaptionKeys {
  vtt: string;
  srt: string;
  /** Whether they are also burned into the video; results stored before this was kept have none (not burned in). */
  burnedIn?: boolean;
}

/** The captions of a job's result on the media route, if it made any. */
export function captionFilesOf(result: JobResult | null | undefined): CaptionFiles | undefined {
  const keys = result?.captions as Partial<CaptionKeys> | undefined;
  return typeof keys?.vtt === 'string' && typeof keys.srt === 'string'
    ? { vttUrl: mediaUrl(keys.vtt), srtUrl: mediaUrl(keys.srt), burnedIn: keys.burnedIn === true }
    : undefined;
}

/** The poster of a job's result on the media route, if it has one (videos made before posters have none). */
export function posterUrlOf(result: JobResult | null | undefined): string | undefined {
  return typeof result?.poster === 'string' ? mediaUrl(result.poster) : undefined;
}

/** The measured lip-sync of a job's result, if it has one (videos made before the check have none). */
export function lipSyncOf(result: JobResult | null | undefined): LipSyncCheck | undefined {
  return toLipSyncCheck(result?.lipSync);
}
