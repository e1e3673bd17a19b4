import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ProviderCallStatus } from './provider-call.entity';

export interface ProviderCallRow {
  id: string;
  job_id: string;
  call_key: string;
  provider: string;
  prediction_id: string;
  status: ProviderCallStatus;
  prediction: Record<string, unknown> | null;
  deadline_at: Date | string;
}

/** A provider's prediction status as ours: still running, or how it ended. */
export function callStatusOf(predictionStatus: unknown): ProviderCallStatus {
  if (predictionStatus === 'succeeded') return 'succeeded';
  if (predictionStatus === 'canceled') return 'canceled';
  if (predictionStatus === 'failed' || predictionStatus === 'aborted') return 'failed';
  return 'pending';
}

/** Recorded provider calls in PostgreSQL; every change is one conditional statement, so webhooks, pollers and cancels may race. */
@Injectable()
export class ProviderCallsRepository {
  constructor(private readonly em: EntityManager) {}

  async find(jobId: string, callKey: string): Promise<ProviderCallRow | null> {
    const [row] = await this.em.execute<ProviderCallRow[]>('select * from generation.provider_call where job_id = ? and call_key = ?', [jobId, callKey]);
    return row ?? null;
  }

  async insert(call: { jobId: string; callKey: string; provider: string; predictionId: string; deadlineMs: number; pollInMs: number }): Promise<void> {
    await this.em.execute(
      `insert into generation.provider_call (id, job_id, call_key, provider, prediction_id, status, deadline_at, next_poll_at)
       values (?, ?, ?, ?, ?, 'pending', now() + ? * interval '1 millisecond', now() + ? * interval '1 millisecond')`,
      [randomUUID(), call.jobId, call.callKey, call.provider, call.predictionId, call.deadlineMs, call.pollInMs],
    );
  }

  /** Records how a pending prediction ended; null when it was not pending (a duplicate or late report). */
  async complete(provider: string, predictionId: string, status: Exclude<ProviderCallStatus, 'pending'>, prediction: Record<string, unknown>): Promise<ProviderCallRow | null> {
    const [row] = await this.em.execute<ProviderCallRow[]>(
      `update generation.provider_call set status = ?, prediction = ?, completed_at = now()
       where provider = ? and prediction_id = ? and status = 'pending' returning *`,
      [status, JSON.stringify(prediction), provider, predictionId],
    );
    return row ?? null;
  }

  /** Takes up to `limit` pending calls due for a look, and moves their next look `intervalMs` ahead (replicas never take the same). */
  claimDue(limit: number, intervalMs: number): Promise<ProviderCallRow[]> {
    return this.em.execute<ProviderCallRow[]>(
      `update generation.provider_call set next_poll_at = now() + ? * interval '1 millisecond'
       where id in (select id from generation.provider_call where status = 'pending' and next_poll_at <= now() order by next_poll_at limit ? for update skip locked)
       returning *`,
      [intervalMs, limit],
    );
  }

  pendingOf(jobId: string): Promise<ProviderCallRow[]> {
    return this.em.execute<ProviderCallRow[]>("select * from generation.provider_call where job_id = ? and status = 'pending'", [jobId]);
  }

  /** A job's pending calls end as cancelled (it was cancelled or failed); returns them so their predictions can be stopped. */
  cancelPending(jobId: string): Promise<ProviderCallRow[]> {
    return this.em.execute<ProviderCallRow[]>(
      `update generation.provider_call set status = 'canceled', completed_at = now() where job_id = ? and status = 'pending' returning *`,
      [jobId],
    );
  }
}
