import type { StorageService } from '@lipcast/nest-kit';
import { captionFilesOf } from '../jobs/job-result';
import { JobOutputs } from '../jobs/job-outputs';
import { VideoCaptions } from './video-captions';

/** A store holding every object asked about (a run continued after its captions were stored). */
const storage = { stat: async () => ({ size: 1 }) } as unknown as StorageService;
const outputs = new JobOutputs(storage, 'u1', 'job-1', new AbortController().signal);

describe('whether a video has its captions burned in (issue 37, item 11)', () => {
  it('is kept with the stored captions: burned in when a style is chosen, not for `none` or no choice', async () => {
    const captions = new VideoCaptions(storage);
    expect(await captions.storedKeys(outputs, 'bold')).toEqual({ vtt: outputs.key('captions.vtt'), srt: outputs.key('captions.srt'), burnedIn: true });
    expect(await captions.storedKeys(outputs, 'none')).toMatchObject({ burnedIn: false });
    expect(await captions.storedKeys(outputs, undefined)).toMatchObject({ burnedIn: false });
  });

  it('reaches the captions on the media route; a result stored before it was kept is not burned in', () => {
    const keys = { vtt: 'users/u1/jobs/j1/captions.vtt', srt: 'users/u1/jobs/j1/captions.srt' };
    expect(captionFilesOf({ key: 'users/u1/jobs/j1/video.mp4', captions: { ...keys, burnedIn: true } })).toMatchObject({ burnedIn: true });
    expect(captionFilesOf({ key: 'users/u1/jobs/j1/video.mp4', captions: keys })).toEqual({
      vttUrl: '/api/media/users/u1/jobs/j1/captions.vtt',
      srtUrl: '/api/media/users/u1/jobs/j1/captions.srt',
      burnedIn: false,
    });
  });
});
