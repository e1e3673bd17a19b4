import { Injectable } from '@nestjs/common';
import type { JobKind } from '@lipcast/contracts';
import type { WorkContext } from '../ports/media';
import type { JobInputs } from './job-inputs';
import type { JobOutputs } from './job-outputs';
import type { Job, JobResult } from './job.entity';
import type { PublishOutputs } from './jobs.repository';

/** What a job handler works with: the provider context, and the job's own folder for everything it stores. */
export interface JobContext extends WorkContext {
  outputs: JobOutputs;
}

/** The context for one step of a job, reporting its progress as the share `from`..`to` of the job's. */
export const progressWithin = (context: JobContext, from: number, to: number): JobContext => ({ ...context, progress: (fraction) => context.progress(from + (to - from) * fraction) });

/** What a finished handler hands back: its final output, and how its outputs become visible. */
export interface JobCompletion {
  result: JobResult;
  /** Runs in the transaction that marks the job succeeded (history item, project); false when what it completes is gone. */
  publish?: PublishOutputs;
  /** Runs once the job is committed (e.g. the public copy of an approved influencer). */
  afterCommit?(): Promise<void>;
}

/**
 * What a kind of job brings to jobs: it stores its outputs only through `context.outputs` and
 * publishes them only in `publish`; `check` refuses a new job of the kind before its credit is
 * reserved (e.g. a photo lip-sync could not use).
 */
export interface JobHandler<Kind extends JobKind = JobKind> {
  kind: Kind;
  check?(input: JobInputs[Kind]): Promise<void>;
  run(job: Job<Kind>, context: JobContext): Promise<JobCompletion>;
}

/**
 * The handlers of the job kinds, one per kind: each handler registers itself as it is made, when
 * the application starts (jobs never import the features), and the submitter and the workers find them here.
 */
@Injectable()
export class JobHandlers {
  private readonly byKind = new Map<JobKind, JobHandler>();

  register<Kind extends JobKind>(handler: JobHandler<Kind>): void {
    if (this.byKind.has(handler.kind)) throw new Error(`Two handlers for ${handler.kind} jobs`);
    this.byKind.set(handler.kind, handler as unknown as JobHandler);
  }

  of<Kind extends JobKind>(kind: Kind): JobHandler<Kind> {
    const handler = this.byKind.get(kind);
    if (!handler) throw new Error(`No handler for ${kind} jobs`);
    return handler as unknown as JobHandler<Kind>;
  }
}
