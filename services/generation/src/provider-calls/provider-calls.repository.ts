import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { GenerationRepository, millisecondsFromNow, now, type GenerationRow } from '../database';
import type { ProviderCallStatus } from './provider-call.entity';

/** A recorded provider call as the query builder reads it. */
export type ProviderCallRecord = GenerationRow<'provider_call'>;

/** A provider's prediction status as ours: still running, or how it ended. */
export function callStatusOf(predictionStatus: unknown): ProviderCallStatus {
  if (predictionStatus === 'succeeded') return 'succeeded';
  if (predictionStatus === 'canceled') return 'canceled';
  if (predictionStatus === 'failed' || predictionStatus === 'aborted') return 'failed';
  return 'pending';
}

/** Recorded provider calls in PostgreSQL; every change is one conditional statement, so webhooks, pollers and cancels may race. */
@Injectable()
export class ProviderCallsRepository extends GenerationRepository {
  async find(jobId: string, callKey: string): Promise<ProviderCallRecord | null> {
    return (await this.db.selectFrom('provider_call').selectAll().where('jobId', '=', jobId).where('callKey', '=', callKey).executeTakeFirst()) ?? null;
  }

  /** The job's calls, oldest first, as its timeline shows them. */
  callsOf(jobId: string): Promise<Pick<ProviderCallRecord, 'provider' | 'status' | 'createdAt' | 'completedAt'>[]> {
    return this.db.selectFrom('provider_call').select(['provider', 'status', 'createdAt', 'completedAt']).where('jobId', '=', jobId).orderBy('createdAt').execute();
  }

  async insert(call: { jobId: string; callKey: string; provider: string; predictionId: string; deadlineMs: number; pollInMs: number }): Promise<void> {
    const { jobId, callKey, provider, predictionId } = call;
    await this.db
      .insertInto('provider_call')
      .values({
        id: randomUUID(),
        jobId,
        callKey,
        provider,
        predictionId,
        status: 'pending',
        createdAt: now(),
        deadlineAt: millisecondsFromNow(call.deadlineMs),
        nextPollAt: millisecondsFromNow(call.pollInMs),
      })
      .execute();
  }

  /** Records how a pending prediction ended; null when it was not pending (a duplicate or late report). */
  async complete(provider: string, predictionId: string, status: Exclude<ProviderCallStatus, 'pending'>, prediction: Record<string, unknown>): Promise<ProviderCallRecord | null> {
    const call = await this.db
      .updateTable('provider_call')
      .set({ status, prediction, completedAt: now() })
      .where('provider', '=', provider)
      .where('predictionId', '=', predictionId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return call ?? null;
  }

  /** Whether a job recorded this prediction (whatever its status now). */
  async isRecorded(provider: string, predictionId: string): Promise<boolean> {
    const call = await this.db.selectFrom('provider_call').select('id').where('provider', '=', provider).where('predictionId', '=', predictionId).executeTakeFirst();
    return !!call;
  }

  /** Takes up to `limit` pending calls due for a look, and moves their next look `intervalMs` ahead (replicas never take the same). */
  claimDue(limit: number, intervalMs: number): Promise<ProviderCallRecord[]> {
    return this.db
      .updateTable('provider_call')
      .set({ nextPollAt: millisecondsFromNow(intervalMs) })
      .where('id', 'in', (eb) =>
        eb.selectFrom('provider_call').select('id').where('status', '=', 'pending').where('nextPollAt', '<=', now()).orderBy('nextPollAt').limit(limit).forUpdate().skipLocked(),
      )
      .returningAll()
      .execute();
  }

  /** A job's pending calls end as cancelled (it was cancelled or failed); returns them so their predictions can be stopped. */
  cancelPending(jobId: string): Promise<ProviderCallRecord[]> {
    return this.db
      .updateTable('provider_call')
      .set({ status: 'canceled', completedAt: now() })
      .where('jobId', '=', jobId)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
  }
}
