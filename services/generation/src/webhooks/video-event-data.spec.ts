import { mediaUrl } from '@lipcast/contracts';
import type { VideoRow } from '../videos/videos.repository';
import { isEndedJob, videoEventData, type EndedJob } from './video-event-data';

const JOB_ID = '7b0e5d1c-3a2f-4e6b-9c8d-1f2a3b4c5d6e';
const VIDEO_ID = '3f1c9a52-7a3e-4c8e-9d59-2b1f0e6c4a10';
const FOLDER = `users/u1/jobs/${JOB_ID}`;
const FULL_RESULT = { key: `${FOLDER}/video.mp4`, poster: `${FOLDER}/poster.webp`, captions: { vtt: `${FOLDER}/captions.vtt`, srt: `${FOLDER}/captions.srt` } };

/** A job with the fields `videoEventData` reads. */
const job = (fields: Record<string, unknown>): EndedJob =>
  ({ id: JOB_ID, userId: 'u1', kind: 'lipsync', status: 'succeeded', input: {}, result: FULL_RESULT, error: null, ...fields }) as unknown as EndedJob;
/** An API video that follows the job (an operator's retry: its id is not the job's). */
const apiVideo = (fields: Partial<VideoRow> = {}): VideoRow => ({ id: VIDEO_ID, format: '16x9-720p', metadata: { order: 'A-17' }, ...fields }) as VideoRow;

describe('videoEventData', () => {
  it("names an API video's own files by its id, as paths, with its format and metadata", () => {
    expect(videoEventData(job({}), apiVideo(), 4.2)).toEqual({
      video_id: VIDEO_ID,
      job_id: JOB_ID,
      kind: 'lipsync',
      status: 'succeeded',
      url: `/api/v1/videos/${VIDEO_ID}/file`,
      duration: 4.2,
      error: null,
      captions_url: `/api/v1/videos/${VIDEO_ID}/captions`,
      poster_url: `/api/v1/videos/${VIDEO_ID}/poster`,
      format: '16x9-720p',
      metadata: { order: 'A-17' },
    });
  });

  it("gives an app job's files on the media route and the format its input names", () => {
    expect(videoEventData(job({ input: { format: '1x1-1080p' } }), null, 3)).toMatchObject({
      video_id: JOB_ID,
      url: mediaUrl(FULL_RESULT.key),
      captions_url: mediaUrl(FULL_RESULT.captions.vtt),
      poster_url: mediaUrl(FULL_RESULT.poster),
      format: '1x1-1080p',
      metadata: null,
    });
  });

  it('says null for the poster and captions a video made before them lacks, and the portrait card for no format', () => {
    const data = videoEventData(job({ result: { key: FULL_RESULT.key } }), apiVideo({ format: null, metadata: null }), 2);
    expect(data).toMatchObject({ url: `/api/v1/videos/${VIDEO_ID}/file`, captions_url: null, poster_url: null, format: 'portrait-card', metadata: null });
  });

  it('says no files for a failed video, with its error', () => {
    const data = videoEventData(job({ status: 'failed', error: 'The generation failed.' }), apiVideo(), 4.2);
    expect(data).toMatchObject({ status: 'failed', url: null, duration: null, captions_url: null, poster_url: null, error: 'The generation failed.', format: '16x9-720p' });
  });

  it('tells succeeded and failed jobs only', () => {
    expect(['succeeded', 'failed', 'canceled', 'running'].map((status) => isEndedJob(job({ status })))).toEqual([true, true, false, false]);
  });
});
