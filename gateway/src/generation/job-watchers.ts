import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { Subjects, type JobWatching, type JobWatchingRequest } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/** How long a gateway still counts a job as watched after one of its streams delivered the job's end. */
export const WATCHED_END_KEPT_MS = 5 * 60_000;

/**
 * Which jobs this gateway's event streams follow, for the "video ready" mail (sent only when nobody
 * watched): content asks `gateway.jobs.watching.v1` when a job succeeds, every gateway hears it, and
 * only one that has a stream open for the job, or delivered the job's end to one a moment ago (the
 * stream closes with it, possibly before content asks), answers. No answer means nobody watched.
 */
@Injectable()
export class JobWatchers implements OnModuleInit, OnApplicationShutdown {
  private readonly open = new Map<string, number>();
  /** Jobs whose end a stream delivered, until when they count as watched. */
  private readonly endSeen = new Map<string, number>();
  private subscription: Subscription | null = null;

  constructor(private readonly services: ServiceClient) {}

  onModuleInit(): void {
    this.subscription = this.services.nats.subscribe(Subjects.gateway.jobWatching, {
      callback: (error, message) => {
        if (error || !message.reply) return;
        let request: { id?: string; data?: JobWatchingRequest };
        try {
          request = message.json();
        } catch {
          return;
        }
        if (typeof request.data?.jobId !== 'string' || !this.watching(request.data.jobId)) return; // silence: not watched here
        message.respond(JSON.stringify({ id: request.id, response: { watching: true } satisfies JobWatching, isDisposed: true }));
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /** A stream follows the job until the returned function is called (any number of times). */
  watch(jobId: string): () => void {
    this.open.set(jobId, (this.open.get(jobId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.open.get(jobId) ?? 1) - 1;
      if (left > 0) this.open.set(jobId, left);
      else this.open.delete(jobId);
    };
  }

  /** A stream delivered the job's end to its page. */
  sawEnd(jobId: string, now = Date.now()): void {
    for (const [job, until] of this.endSeen) if (until <= now) this.endSeen.delete(job);
    this.endSeen.set(jobId, now + WATCHED_END_KEPT_MS);
  }

  watching(jobId: string, now = Date.now()): boolean {
    return this.open.has(jobId) || (this.endSeen.get(jobId) ?? 0) > now;
  }
}
