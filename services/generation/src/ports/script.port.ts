import { ONE_SHOT_WORDS_PER_SECOND } from '@lipcast/contracts';

export interface ScriptRequest {
  topic: string;
  /** The script must be speakable within this (spec: words / 2.2 + 1 ≤ 15 s). */
  maxDurationSeconds: number;
}

/** The most words a script spoken within `maxDurationSeconds` may have (spec section 9: words / 2.2 + 1 ≤ the seconds), at least 3. */
export const scriptWordBudget = (maxDurationSeconds: number) => Math.max(3, Math.floor((maxDurationSeconds - 1) * ONE_SHOT_WORDS_PER_SECOND));

/** Topic → a short spoken script. */
export abstract class ScriptPort {
  abstract readonly name: string;
  abstract write(request: ScriptRequest, signal: AbortSignal): Promise<string>;
}
