import { API_ROUTES, type AudioParams, type AudioResponse, type CaptionFiles, type CaptionsChoice, type JobStartAnswer, type LipSyncCheck, type VideoFormatId } from '@lipcast/contracts';
import { ApiError, callApi, isPaymentRequired, RequestTimeoutError, type PaymentRequired } from '@lipcast/web-kit';
import { LIPSYNC, LIPSYNC_ABORTED_MESSAGE, predictionIdOf, retryingMessage, TOO_MANY_ATTEMPTS_MESSAGE } from './rules';

export const fetchVoices = () => callApi(API_ROUTES.voices);

export const DEFAULT_VOICE = 'Friendly_Person';

/** Spec section 5: the default voice if the list has it, else the first. */
export const defaultVoice = (voices: readonly string[]) => (voices.includes(DEFAULT_VOICE) ? DEFAULT_VOICE : (voices[0] ?? DEFAULT_VOICE));

export const NO_URL_MESSAGE = 'No URL in response data';

export interface AudioSettings {
  text: string;
  voice_id: string;
  emotion: string;
  pitch: number;
  speed: number;
  volume: number;
  language: string;
  estimatedDuration: number;
  videoDuration: number;
  videoId?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `POST /api/replicate/audio`. An emotion the voice refuses switches to neutral and is tried once
 * more after 1 second (spec section 4); `onEmotionReset` tells the form.
 */
export async function createAudio(settings: AudioSettings, onEmotionReset: () => void): Promise<string> {
  try {
    return urlOf(await callApi(API_ROUTES.createAudio, { body: settings }));
  } catch (error) {
    const emotionRefused = error instanceof ApiError && error.status === 400 && /emotion/i.test(error.message) && settings.emotion !== 'neutral';
    if (!emotionRefused) throw error;
    onEmotionReset();
    await wait(1000);
    return urlOf(await callApi(API_ROUTES.createAudio, { body: { ...settings, emotion: 'neutral' } }));
  }
}

function urlOf(response: AudioResponse | null): string {
  if (!response?.url) throw new Error(NO_URL_MESSAGE);
  return response.url;
}

export interface LipSyncInput {
  video: string;
  audio: string;
  audioUrl: string;
  videoDuration: number;
  audioParams: AudioParams;
  /** The video's format; absent: the portrait card. */
  format?: VideoFormatId;
  /** Captions burned in, and their style; absent: not burned in (the captions track is made either way). */
  captions?: CaptionsChoice;
  /** A new take's seed ("Generate Again"); absent: the first take, which the same inputs answer again. */
  seed?: number;
}

export interface LipSyncEvents {
  /** The job is known: follow its progress. */
  onPredictionId(id: string): void;
  /** A neutral notice while retrying (the spec's "Automatically retrying (attempt x/5)"). */
  onRetrying(message: string): void;
}

export interface LipSyncOptions {
  /** Overrides for tests; the spec's values otherwise. */
  retryWaitMs?: number;
  requestTimeoutMs?: number;
}

/**
 * The spec's lip-sync protocol (section 4): a 202 or a time-out means wait 2 s and ask again, at
 * most 5 attempts; a time-out first cancels the prediction it had seen. The first ask says
 * `Prefer: respond-async`, so the job id comes back at once and its progress can be followed while
 * the later asks wait for the video. Resolves with the video URL (or the paywall hand-off).
 */
export async function runLipSync(input: LipSyncInput, events: LipSyncEvents, options: LipSyncOptions = {}): Promise<{ url: string; predictionId: string; captions?: CaptionFiles; posterUrl?: string; lipSync?: LipSyncCheck } | PaymentRequired> {
  const retryWaitMs = options.retryWaitMs ?? LIPSYNC.retryWaitMs;
  const timeoutMs = options.requestTimeoutMs ?? LIPSYNC.requestTimeoutMs;
  let predictionId: string | null = null;
  for (let attempt = 1; attempt <= LIPSYNC.maxAttempts; attempt++) {
    let answer: JobStartAnswer | PaymentRequired | null;
    try {
      answer = await callApi(API_ROUTES.startLipSync, { body: input, timeoutMs, ...(attempt === 1 ? { headers: { Prefer: 'respond-async' } } : {}) });
    } catch (error) {
      if (!(error instanceof RequestTimeoutError)) throw error;
      if (attempt === LIPSYNC.maxAttempts) throw new Error(LIPSYNC_ABORTED_MESSAGE);
      if (predictionId) await callApi(API_ROUTES.cancelJob(predictionId)).catch(() => undefined);
      predictionId = null;
      events.onRetrying(retryingMessage(attempt + 1));
      await wait(retryWaitMs);
      continue;
    }
    if (isPaymentRequired(answer)) return answer;
    const id = predictionIdOf(answer ?? {});
    if (id && id !== predictionId) {
      predictionId = id;
      events.onPredictionId(id);
    }
    if (answer?.url) return { url: answer.url, predictionId: id ?? '', ...(answer.captions ? { captions: answer.captions } : {}), ...(answer.posterUrl ? { posterUrl: answer.posterUrl } : {}), ...(answer.lipSync ? { lipSync: answer.lipSync } : {}) };
    if (attempt === LIPSYNC.maxAttempts) throw new Error(TOO_MANY_ATTEMPTS_MESSAGE);
    // The first (asynchronous) answer is expected to be 202; only later ones are worth a notice.
    if (attempt > 1) events.onRetrying(retryingMessage(attempt + 1));
    await wait(retryWaitMs);
  }
  throw new Error(TOO_MANY_ATTEMPTS_MESSAGE);
}
