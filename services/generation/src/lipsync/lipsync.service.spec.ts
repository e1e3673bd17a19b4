import { createHash } from 'node:crypto';
import { lipSyncDedupeKey } from './lipsync.service';

describe('the lip-sync dedupe key (issue 37, item 3: "Generate Again" makes a new take)', () => {
  const [video, audio] = ['actors/ipfs-puppet-video-2.mp4', 'users/u1/audio/a1.mp3'];

  it('is the same for a re-send of a take (the wizard asks again 2 s after a 202), so no second job is made', () => {
    expect(lipSyncDedupeKey(video, audio, { seed: 7 })).toBe(lipSyncDedupeKey(video, audio, { seed: 7 }));
    expect(lipSyncDedupeKey(video, audio, { format: '9x16-720p', captions: 'bold', seed: 7 })).toBe(lipSyncDedupeKey(video, audio, { format: '9x16-720p', captions: 'bold', seed: 7 }));
  });

  it('is, for the first take (no seed, or 0), the key every job had before takes existed', () => {
    const before = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(lipSyncDedupeKey(video, audio, {})).toBe(before(`lipsync\n${video}\n${audio}`));
    expect(lipSyncDedupeKey(video, audio, { seed: 0 })).toBe(before(`lipsync\n${video}\n${audio}`));
    expect(lipSyncDedupeKey(video, audio, { format: '1x1-720p', captions: 'clean' })).toBe(before(`lipsync\n${video}\n${audio}\n1x1-720p\ncaptions:clean`));
  });

  it('differs for a new take of the same video and audio, so it is a new job and not the old video', () => {
    const first = lipSyncDedupeKey(video, audio, {});
    const second = lipSyncDedupeKey(video, audio, { seed: 7 });
    const third = lipSyncDedupeKey(video, audio, { seed: 8 });
    expect(new Set([first, second, third]).size).toBe(3);
  });
});
