import { ONE_SHOT_SCRIPT_MAX_SECONDS, voicesOfGender, type AcceptedEmotion, type PipelineSteps, type VoiceId } from '@lipcast/contracts';
import type { OneShotInput } from '../jobs/job-inputs';
import type { ScriptPort } from '../ports/script.port';

/**
 * Spec section 9: the audio uses these settings, a catalog voice of the run's gender (the clip's
 * length and prompt are contracts' ONE_SHOT_CLIP_SECONDS and DEFAULT_VIDEO_PROMPT).
 */
export const ONE_SHOT_VOICES: Readonly<Record<OneShotInput['gender'], readonly VoiceId[]>> = { male: voicesOfGender('male'), female: voicesOfGender('female') };
/** The spec's spelling, `surprise`, is kept as the run's saved emotion; the engines speak it as `surprised`. */
export const ONE_SHOT_EMOTIONS = ['neutral', 'happy', 'surprise'] as const satisfies readonly AcceptedEmotion[];

/** The image prompt, wrapped as the spec's photo-realistic smartphone selfie. */
export const selfiePrompt = (input: OneShotInput) =>
  `A photo-realistic smartphone selfie of a ${input.gender === 'female' ? 'woman' : 'man'}: ${input.description.trim()}. Natural light, looking at the camera.`;

/** A run given its script starts with the script step done (nothing to write), so the page shows it at once. */
export const initialSteps = (script?: string): PipelineSteps => ({
  script: script ? { status: 'done', script } : { status: 'waiting' },
  image: { status: 'waiting' },
  audio: { status: 'waiting' },
  video: { status: 'waiting' },
});

/** Image-to-video in One Shot: up to 3 attempts, waiting 2 s x the attempt number between them (spec section 9). */
export const CONVERSION_ATTEMPTS = 3;
export const conversionRetryWaitMs = (attempt: number) => 2000 * attempt;

/**
 * Runs `work` until it succeeds or fails for good: an error `isRetryable` says is worth another
 * try is retried after `waitMs(attempt)`, `attempts` times in all; `onRetry` hears of each retry.
 */
export async function withRetries<T>(
  work: () => Promise<T>,
  options: { attempts: number; waitMs: (attempt: number) => number; isRetryable: (error: unknown) => boolean; onRetry: (nextAttempt: number) => Promise<void> | void; signal?: AbortSignal },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= options.attempts || !options.isRetryable(error)) throw error;
      await options.onRetry(attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, options.waitMs(attempt)));
      options.signal?.throwIfAborted();
    }
  }
}

/** The run's script: the creator's own when they gave one, else one written from the topic to fit the clip. */
export function scriptFor(input: OneShotInput, writer: Pick<ScriptPort, 'write'>, signal: AbortSignal): Promise<string> {
  if (input.script) return Promise.resolve(input.script);
  return writer.write({ topic: input.topic, maxDurationSeconds: ONE_SHOT_SCRIPT_MAX_SECONDS }, signal);
}
