import { defineEntity, p } from '@mikro-orm/core';
import { JOB_KINDS, type JobKind, type JobStatus, type PipelineSteps } from '@lipcast/contracts';
import type { EntityRow } from '../entity-rows';
import type { JobInput, JobInputs } from './job-inputs';

/** A job's stored status: the public ones, and `waiting` (parked on a provider, no worker holds it; shown as running). */
export type StoredJobStatus = JobStatus | 'waiting';
/** `free`: a job that costs no generation (a video's first fixes): never reserved, nothing to settle. */
export type CreditState = 'reserved' | 'committed' | 'released' | 'free';

const STORED_JOB_STATUSES = ['queued', 'running', 'waiting', 'succeeded', 'failed', 'canceled'] as const satisfies readonly StoredJobStatus[];
const CREDIT_STATES = ['reserved', 'committed', 'released', 'free'] as const satisfies readonly CreditState[];

/** What a succeeded job made: its output's object key, and whatever else its handler records. */
export interface JobResult {
  key?: string;
  [name: string]: unknown;
}

/**
 * One billable piece of work (a lip-sync, an image clip, a One Shot run): the source of truth for its
 * state, result and credit; the queue carries only its id. `dedupeKey` makes the same request the same job.
 */
export const JobEntity = defineEntity({
  name: 'Job',
  tableName: 'job',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    kind: p.enum(JOB_KINDS),
    status: p.enum(STORED_JOB_STATUSES),
    progress: p.float().default(0),
    dedupeKey: p.string().length(200).nullable(),
    input: p.json<JobInput>(),
    result: p.json<JobResult>().nullable(),
    error: p.text().nullable(),
    credit: p.enum(CREDIT_STATES),
    attempts: p.integer().default(0),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
    /** A One Shot run's steps, as they complete. */
    steps: p.json<PipelineSteps>().nullable(),
    /** When its first run began (kept when it runs again), for the time left it shows. */
    startedAt: p.datetime().nullable(),
    /** When the current attempt must be over. */
    deadlineAt: p.datetime().nullable(),
    /** When its worker last said it was alive. */
    heartbeatAt: p.datetime().nullable(),
    /** Numbers the job's provider calls: a retry of the job moves on, so it makes its calls anew. */
    callEpoch: p.integer().default(0),
    /** The job an operator retried with this one. */
    retryOf: p.uuid().nullable(),
    /** When its current queue message reached JetStream; null while it has not (the dispatcher publishes it). */
    publishedAt: p.datetime().nullable(),
    /** The id its current queue message is published with (JetStream drops a second publish with the same id). */
    queueMessageId: p.string().length(200).nullable(),
    /** The trace the job was submitted in, when this process exports traces. */
    traceId: p.string().length(32).nullable(),
  },
});

/** A job row as stored: its `input` is one of the kinds' inputs, whichever its `kind` names. */
export type JobRecord = EntityRow<typeof JobEntity>;

/** A job with its input typed by its kind (`job.kind === 'lipsync'` narrows `job.input` to the lip-sync input). */
export type Job<Kind extends JobKind = JobKind> = Kind extends JobKind ? Omit<JobRecord, 'kind' | 'input'> & { kind: Kind; input: JobInputs[Kind] } : never;

/** A stored job read with its input typed by its kind: the submitter stores every job with the input of its kind (`NewJob`). */
export const typedJob = (job: JobRecord): Job => job as Job;
