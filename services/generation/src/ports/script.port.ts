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
