/**
 * A finished video's lip-sync, measured (issue 36): how late its sound is against the mouth, and how
 * sure the measure is. Every reader of a finished job shows it in the same words (`lipSyncWords`).
 */
export interface LipSyncCheck {
  /** How late the sound is against the mouth, in ms (negative: the sound comes first). */
  offsetMs: number;
  /** How well mouth and sound match at that offset, 0 (unrelated) to 1. */
  confidence: number;
  /** Outside the service's limits after every attempt (a provider's video made twice): delivered anyway, the closest one. */
  belowThreshold?: true;
}

/**
 * Where the words change. In sync within 45 ms either way: sound ahead of the picture is noticed
 * from about 45 ms, sound behind it from about 125 (ITU-R BT.1359). Below `unsureBelow` confidence
 * the offset says little (a short or nearly silent video; a mouth that barely moves).
 */
export const LIP_SYNC_WORDING = { inSyncMs: 45, slightlyMs: 160, unsureBelow: 0.3 } as const;

/**
 * "Lip-sync checked: in sync" / "…: slightly late, 120 ms" / "…: out of sync, the sound 300 ms early" /
 * "…: not sure (…)"; one below the limits after every attempt says so.
 */
export function lipSyncWords(check: LipSyncCheck): string {
  const words = checkWords(check);
  return check.belowThreshold ? `${words}. We made it again and this is the closest we got: another clip or voice may sync better.` : words;
}

function checkWords(check: LipSyncCheck): string {
  const { inSyncMs, slightlyMs, unsureBelow } = LIP_SYNC_WORDING;
  const amount = Math.abs(Math.round(check.offsetMs));
  const direction = check.offsetMs > 0 ? 'late' : 'early';
  if (check.confidence < unsureBelow) return 'Lip-sync checked: not sure, the mouth and the sound match only loosely';
  if (amount <= inSyncMs) return 'Lip-sync checked: in sync';
  if (amount <= slightlyMs) return `Lip-sync checked: slightly ${direction}, ${amount} ms`;
  return `Lip-sync checked: out of sync, the sound ${amount} ms ${direction}`;
}

/** A check as a result keeps it (offset whole, confidence to two places), or undefined for anything else. */
export function toLipSyncCheck(value: unknown): LipSyncCheck | undefined {
  const check = value as Partial<LipSyncCheck> | null | undefined;
  if (typeof check?.offsetMs !== 'number' || typeof check.confidence !== 'number' || !Number.isFinite(check.offsetMs) || !Number.isFinite(check.confidence)) return undefined;
  return {
    offsetMs: Math.round(check.offsetMs),
    confidence: Math.round(Math.min(1, Math.max(0, check.confidence)) * 100) / 100,
    ...(check.belowThreshold === true ? { belowThreshold: true as const } : {}),
  };
}
