import { ParseUUIDPipe } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode, type CaptionFiles, type JobState, type LipSyncCheck } from '@lipcast/contracts';
import { type ServiceClient, ServiceError } from '@lipcast/nest-kit';
import type { Draining } from '../http/draining';
import { prefersAsync, waitForJob } from './job-events';
import type { OpenStreams } from './open-streams';

/** Job ids are UUIDs; anything else is a job that does not exist. */
export const JOB_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound('No such generation') });

/** The spec's answer for a long job: 200 with the url when done, 202 with the prediction id while running. */
export type JobAnswer =
  | { status: 200; body: { url: string; predictionId: string; captions?: CaptionFiles; posterUrl?: string; lipSync?: LipSyncCheck } }
  | { status: 202; body: { message: string; predictionId: string; status: 'processing' } };

/** The answer for a job's state; a failed job is a 502 and a canceled one a 409 (errors, thrown). */
export function jobAnswer(job: JobState): JobAnswer {
  if (job.status === 'succeeded' && job.url) {
    return { status: 200, body: { url: job.url, predictionId: job.id, ...(job.captions ? { captions: job.captions } : {}), ...(job.posterUrl ? { posterUrl: job.posterUrl } : {}), ...(job.lipSync ? { lipSync: job.lipSync } : {}) } };
  }
  if (job.status === 'failed') throw new ServiceError(ErrorCode.Upstream, job.error ?? 'Video generation failed. Please try again.');
  if (job.status === 'canceled') throw new ServiceError(ErrorCode.Conflict, job.error ?? 'The generation was canceled.');
  return { status: 202, body: { message: 'Video generation is still in progress', predictionId: job.id, status: 'processing' } };
}

/** Sends the answer (the route takes `@Res()`: its status depends on the job). */
export function sendJobAnswer(response: Response, answer: JobAnswer): void {
  response.status(answer.status).json(answer.body);
}

/** What holding a long job's request needs from the gateway. */
export interface JobHolding {
  services: ServiceClient;
  openStreams: OpenStreams;
  draining: Draining;
}

/**
 * Starts a long job (or rejoins it: `start` is the service's idempotent start) and answers once it
 * finishes, or with its state after `holdMs` or when the gateway drains (202: the client asks again).
 * `Prefer: respond-async` answers at once, so the page follows /api/jobs/{id}/events.
 */
export async function answerLongJob(
  holding: JobHolding,
  job: { userId: string; start: () => Promise<JobState>; holdMs: number; prefer: string | undefined },
): Promise<JobAnswer> {
  if (prefersAsync(job.prefer)) return jobAnswer(await job.start());
  // A held request takes one of the user's open-stream places before the job starts, so a 429 starts nothing.
  return jobAnswer(
    await holding.openStreams.hold(job.userId, async () => waitForJob(holding.services, job.userId, (await job.start()).id, job.holdMs, holding.draining.signal)),
  );
}
