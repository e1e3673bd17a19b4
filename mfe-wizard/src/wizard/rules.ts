import { DEFAULT_VIDEO_FORMAT, DIALOGUE_TEXT, scriptWordCount, videoFormatTag, type VideoFormatId } from '@lipcast/contracts';

/** The wizard's rules (spec sections 4, 5, 8 and 9), kept pure so they are tested on their own. */

/** Speech in the wizard runs at 2.5 words per second. */
export const WORDS_PER_SECOND = 2.5;

/** Estimated seconds of speech for the dialogue. */
export const estimateSpeechSeconds = (text: string) => scriptWordCount(text) / WORDS_PER_SECOND;

export type AudioTooLong = { kind: 'too-long'; title: string; message: string };
export type DialogueProblem = { kind: 'empty'; message: string } | AudioTooLong;

/** What stops the dialogue from being used with a video of `videoSeconds`, if anything. */
export function dialogueProblem(text: string, videoSeconds: number): DialogueProblem | null {
  if (!text.trim()) return { kind: 'empty', message: DIALOGUE_TEXT.messages.blank };
  return audioTooLong(estimateSpeechSeconds(text), videoSeconds, 'reduce your text');
}

/**
 * The creator's own recording (issue 35): its text is optional (it only captions the video), but the
 * spec's length rule holds as for typed speech.
 */
export const recordingProblem = (recordingSeconds: number, videoSeconds: number): AudioTooLong | null =>
  audioTooLong(recordingSeconds, videoSeconds, 'record a shorter message');

function audioTooLong(audioSeconds: number, videoSeconds: number, remedy: string): AudioTooLong | null {
  if (audioSeconds <= videoSeconds) return null;
  return {
    kind: 'too-long',
    title: 'Audio Too Long',
    message: `Your audio (${formatSeconds(audioSeconds)}s) is longer than the video (${formatSeconds(videoSeconds)}s). Please ${remedy} to match the video length.`,
  };
}

const formatSeconds = (seconds: number) => (Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1));

/** "0:07": a recording's elapsed time. */
export const clockTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The lip-sync request protocol of spec section 4: 202 or a time-out means wait 2 s and ask again, 5 times at most. */
export const LIPSYNC = { maxAttempts: 5, retryWaitMs: 2000, requestTimeoutMs: 180_000 } as const;

export const retryingMessage = (attempt: number) =>
  `Video generation is taking longer than expected. Automatically retrying (attempt ${attempt}/${LIPSYNC.maxAttempts}).`;
export const TOO_MANY_ATTEMPTS_MESSAGE = `Video generation is taking too long after ${LIPSYNC.maxAttempts} attempts. Please try again later.`;
export const LIPSYNC_ABORTED_MESSAGE =
  'The video generation is taking longer than expected. Our system automatically retried, but the process failed to complete in time. Please try again.';

/**
 * The prediction id of a lip-sync answer: the body's, else taken from the result URL when it has a
 * `predictions/{id}` part or an alphanumeric segment of 15 or more characters (spec section 5).
 */
export function predictionIdOf(response: { predictionId?: string | null; url?: string | null }): string | null {
  if (response.predictionId) return response.predictionId;
  if (!response.url) return null;
  const fromPath = /predictions\/([A-Za-z0-9-]+)/.exec(response.url);
  if (fromPath) return fromPath[1];
  return response.url.split(/[/?#.]/).find((segment) => /^[A-Za-z0-9]{15,}$/.test(segment)) ?? null;
}

/** Progress only rises, stays below 95 until the video arrives, and is 100 only then. */
export function nextProgress(current: number, reported: number, done: boolean): number {
  if (done) return 100;
  return Math.min(95, Math.max(current, reported));
}

/** "lipsync-video" plus a timestamp, as mp4 (spec section 9); a format other than the portrait card adds its tag (`-9x16-1080p`). */
export const downloadFileName = (now = new Date(), format?: VideoFormatId | null) =>
  `lipsync-video-${now.getTime()}${format && format !== DEFAULT_VIDEO_FORMAT ? `-${videoFormatTag(format)}` : ''}.mp4`;
