import {
  apiV1VideoCaptionsPath, apiV1VideoFilePath, apiV1VideoPosterPath, DEFAULT_VIDEO_FORMAT, isVideoFormatId, mediaUrl, type VideoFormatId, type WebhookVideoData,
} from '@lipcast/contracts';
import { captionFilesOf, posterUrlOf } from '../jobs/job-result';
import type { Job } from '../jobs/job.entity';
import type { VideoRow } from '../videos/videos.repository';

/** A job that ended in a way a video event tells (a canceled one tells nobody). */
export type EndedJob = Job & { status: 'succeeded' | 'failed' };
export const isEndedJob = (job: Job): job is EndedJob => job.status === 'succeeded' || job.status === 'failed';

/**
 * What a `video.succeeded`/`video.failed` delivery says about an ended job: what `GET
 * /api/v1/videos/{id}` says of it, as paths on the site. A video made through the public API (the
 * row that follows the job: an operator may have retried it) is named by its own id and its files
 * are the API's, read with the caller's key; any other job's are on the media route.
 */
export function videoEventData(job: EndedJob, apiVideo: VideoRow | null, durationSeconds: number | null): WebhookVideoData {
  const succeeded = job.status === 'succeeded';
  const captions = succeeded ? captionFilesOf(job.result) : undefined;
  const posterPath = succeeded ? posterUrlOf(job.result) : undefined;
  return {
    video_id: apiVideo?.id ?? job.id,
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    url: succeeded && job.result?.key ? (apiVideo ? apiV1VideoFilePath(apiVideo.id) : mediaUrl(job.result.key)) : null,
    duration: succeeded ? durationSeconds : null,
    error: job.error,
    captions_url: captions ? (apiVideo ? apiV1VideoCaptionsPath(apiVideo.id) : captions.vttUrl) : null,
    poster_url: posterPath ? (apiVideo ? apiV1VideoPosterPath(apiVideo.id) : posterPath) : null,
    format: formatOf(apiVideo ? apiVideo.format : (job.input as { format?: unknown }).format),
    metadata: apiVideo?.metadata ?? null,
  };
}

/** A stored format, or the portrait card for none (jobs and videos made before formats existed). */
function formatOf(stored: unknown): VideoFormatId {
  return isVideoFormatId(stored) ? stored : DEFAULT_VIDEO_FORMAT;
}
