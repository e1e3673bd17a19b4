import { accountUser } from '@lipcast/web-kit/testing';
import { clipNotice, clipPreviewsSpent, talkingVideoNotice } from './clip-notices';

const NOW = new Date('2026-11-30T10:00:00.000Z');
const imageQuota = (used: number, limit = 10) => [{ kind: 'image' as const, used, limit, resetsAt: '2026-12-01T00:00:00.000Z' }];

describe("the Creator's spend notices: the silent clip is a free image preview, the talking video costs one", () => {
  it('counts the clip in the day\'s image previews and says that making it talk is the video it costs', () => {
    expect(clipNotice(accountUser({ dailyQuotas: imageQuota(1) }), NOW)).toBe(
      'Free preview: this uses 1 of your 10 image previews today (8 left after this). Making it talk then uses 1 of your 3 free videos (2 left after this).',
    );
    expect(clipNotice(accountUser({ premium: true, subscriptionStatus: 'active', generationsCount: 10, dailyQuotas: imageQuota(0, 100) }), NOW)).toBe(
      'Free preview: this uses 1 of your 100 image previews today (99 left after this). Making it talk then uses 1 of your 60 Premium videos this month (49 left after this).',
    );
    // An account that does not list its previews still hears that the clip is free.
    expect(clipNotice(accountUser(), NOW)).toBe("Free preview: this uses 1 of today's image previews. Making it talk then uses 1 of your 3 free videos (2 left after this).");
  });

  it('says when no video is left to make it talk, and when the day\'s previews are spent (nothing is offered then)', () => {
    const noVideos = accountUser({ generationsCount: 3, dailyQuotas: imageQuota(2) });
    expect(clipNotice(noVideos, NOW)).toBe('Free preview: this uses 1 of your 10 image previews today (7 left after this). Making it talk then needs 1 video, and you have none left.');
    expect(talkingVideoNotice(noVideos)).toBeNull();

    const spent = accountUser({ dailyQuotas: imageQuota(10) });
    expect(clipNotice(spent, NOW)).toBe('Daily limit of image previews reached, resets at 00:00 UTC.');
    expect(clipPreviewsSpent(spent, NOW)).toBe(true);
    // Past the reset the day's count starts again, even before the account is read again.
    expect(clipPreviewsSpent(spent, new Date('2026-12-01T00:00:01.000Z'))).toBe(false);
    expect(clipPreviewsSpent(accountUser({ dailyQuotas: imageQuota(9) }), NOW)).toBe(false);
    expect(clipPreviewsSpent(null, NOW)).toBe(false);
  });

  it('says what the talking video costs beside the button that goes on to make it', () => {
    expect(talkingVideoNotice(accountUser({ generationsCount: 1 }))).toBe('Making it talk uses 1 of your 3 free videos (1 left after this).');
    expect(talkingVideoNotice(accountUser({ generationsCount: 3, extraGenerations: 15 }))).toBe('Making it talk uses 1 of your 15 extra videos (14 left after this).');
  });
});
