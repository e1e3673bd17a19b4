import { QUOTA_LABELS, type DailyQuota } from '@lipcast/contracts';

/** "Speech previews: 27 of 30 left today" for each kind the account reports. */
export function previewLines(quotas: readonly DailyQuota[]): { kind: DailyQuota['kind']; text: string }[] {
  return quotas.map(({ kind, used, limit }) => {
    const label = QUOTA_LABELS[kind];
    return { kind, text: `${label[0].toUpperCase()}${label.slice(1)}: ${Math.max(0, limit - used)} of ${limit} left today` };
  });
}

/** When the counts start again, in UTC as the limits are counted ("Resets on March 15, 2031 at 00:00 UTC"). */
export function resetText(quotas: readonly DailyQuota[]): string | null {
  const resetsAt = quotas[0]?.resetsAt;
  const date = resetsAt ? new Date(resetsAt) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return `Resets on ${date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })} at 00:00 UTC`;
}
