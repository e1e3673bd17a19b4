export interface ScriptRequest {
  topic: string;
  /** The script must be speakable within this (spec: words / 2.2 + 1 ≤ 15 s). */
  maxDurationSeconds: number;
}

/** Topic → a short spoken script. */
export abstract class ScriptPort {
  abstract readonly name: string;
  abstract write(request: ScriptRequest, signal: AbortSignal): Promise<string>;
}

/** Seconds a script takes to say in One Shot (spec section 9): words / 2.2 + 1. */
export function scriptSeconds(script: string): number {
  const words = script.trim().split(/\s+/).filter(Boolean).length;
  return words / 2.2 + 1;
}
