import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { jobWatchersBucket, ServiceClient, type JobWatchersBucket, type JobWatcherState } from '@lipcast/nest-kit';
import { GatewaySettings } from '../settings';

/**
 * This gateway process's keys in the `job-watchers` bucket (`JobWatchersBucket`, nest-kit). Writes
 * are fired, never awaited by the event streams: a slow or failing NATS must not hold up or break a
 * stream. A failed write is logged; its key expires on its own or the next write sets it right.
 * Writes go out in the order they were made, so a job's put and delete land in that order.
 */
@Injectable()
export class JobWatcherRecords implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JobWatcherRecords.name);
  /** This process among the gateways: the second part of each of its keys. */
  private readonly instance = randomUUID();
  private readonly bucket: () => Promise<JobWatchersBucket>;
  private readonly pending = new Set<Promise<void>>();

  constructor(services: ServiceClient, settings: GatewaySettings) {
    this.bucket = jobWatchersBucket(services.nats, settings.JETSTREAM_REPLICAS);
  }

  /** Opens (or creates) the bucket at start, so that a missing permission shows in the log at once. */
  onModuleInit(): void {
    this.bucket().catch((error: unknown) => this.logger.warn(`cannot open the job-watchers bucket (tried again at the next write): ${String(error)}`));
  }

  put(jobId: string, state: JobWatcherState): void {
    this.write(`record job ${jobId} as ${state}`, (bucket) => bucket.put(jobId, this.instance, state));
  }

  delete(jobId: string): void {
    this.write(`delete job ${jobId}`, (bucket) => bucket.delete(jobId, this.instance));
  }

  /** Resolves once every write made so far has landed or failed. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  onApplicationShutdown(): Promise<void> {
    return this.settled();
  }

  private write(what: string, apply: (bucket: JobWatchersBucket) => Promise<void>): void {
    const written: Promise<void> = this.bucket()
      .then(apply)
      .catch((error: unknown) => this.logger.warn(`could not ${what} in the job-watchers bucket: ${String(error)}`))
      .finally(() => this.pending.delete(written));
    this.pending.add(written);
  }
}
