import { quotaExceededMessage } from '@lipcast/contracts';
import { spendNotice, type AccountUser } from '@lipcast/web-kit';

/**
 * What the Creator's two steps cost (issue 37, a deliberate change from the spec, see ARCHITECTURE.md):
 * the silent clip is a free preview counted in the day's image previews; making it talk (the wizard's
 * lip-sync) is the one video it costs.
 */

/** Today's image previews left, counted again at their reset (00:00 UTC); null when the account does not say. */
export function imagePreviewsLeft(user: AccountUser, now: Date = new Date()): { left: number; limit: number } | null {
  const quota = user.dailyQuotas?.find((candidate) => candidate.kind === 'image');
  if (!quota) return null;
  const used = now.getTime() >= Date.parse(quota.resetsAt) ? 0 : quota.used;
  return { left: Math.max(0, quota.limit - used), limit: quota.limit };
}

/** The talking video's cost, said where it is decided ("Making it talk uses 1 of your 3 free videos (2 left after this)."); null when none is left (the paywall speaks then). */
export function talkingVideoNotice(user: AccountUser): string | null {
  return spendNotice(user)?.replace(/^This uses/, 'Making it talk uses') ?? null;
}

/** The silent clip's notice beside Generate Video: its preview, or that today's are spent; then what making it talk costs. */
export function clipNotice(user: AccountUser, now: Date = new Date()): string {
  const previews = imagePreviewsLeft(user, now);
  if (previews?.left === 0) return `${quotaExceededMessage('image')}.`;
  const preview = previews
    ? `Free preview: this uses 1 of your ${previews.limit} image previews today (${previews.left - 1} left after this).`
    : "Free preview: this uses 1 of today's image previews.";
  const talking = talkingVideoNotice(user)?.replace(/^Making it talk uses/, 'Making it talk then uses') ?? 'Making it talk then needs 1 video, and you have none left.';
  return `${preview} ${talking}`;
}

/** Whether today's image previews are known to be spent: the clip would be refused, so it is not offered. */
export const clipPreviewsSpent = (user: AccountUser | null, now: Date = new Date()) => (user ? imagePreviewsLeft(user, now)?.left === 0 : false);
