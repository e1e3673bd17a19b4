import { LIP_SYNC_WORDING, lipSyncWords, type LipSyncCheck } from '@lipcast/contracts';
import { cn } from './cn';

/**
 * A finished video's measured lip-sync in words (issue 36), as the result views and the operator
 * console show it: green when in sync, amber otherwise; the figures in the title for the curious.
 */
export function LipSyncNote({ check, className }: { check: LipSyncCheck; className?: string }) {
  const inSync = check.confidence >= LIP_SYNC_WORDING.unsureBelow && Math.abs(check.offsetMs) <= LIP_SYNC_WORDING.inSyncMs;
  return (
    <p className={cn('text-sm', inSync ? 'text-emerald-700' : 'text-amber-700', className)} title={`Sound ${check.offsetMs} ms against the mouth, confidence ${check.confidence.toFixed(2)}`}>
      {lipSyncWords(check)}
    </p>
  );
}
