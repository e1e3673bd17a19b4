import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type AdminBillingAccount, type AdminLedgerEntry, type CreditSource, type ReservationStatus } from '@lipcast/contracts';
import { LedgerService } from '../credits/ledger.service';
import { billingDatabase } from '../database';

const LEDGER_LIMIT = 200;

const iso = (value: Date) => value.toISOString();

/** A user's billing as the operator console shows it: plan, credits, reservations, purchases and the ledger, newest first. */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
  ) {}

  async account(userId: string): Promise<AdminBillingAccount> {
    const account = await this.ledger.account(userId);
    const db = billingDatabase(this.em);
    const [reservations, grants, adjustments] = await Promise.all([
      db
        .selectFrom('reservation')
        .select(['jobId', 'status', 'source', 'createdAt', 'updatedAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .limit(LEDGER_LIMIT)
        .execute(),
      db
        .selectFrom('pack_grant')
        .select(['paymentId', 'generations', 'createdAt', 'revokedAt', 'revokedCredits'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .execute(),
      db
        .selectFrom('credit_adjustment')
        .select(['delta', 'reason', 'jobId', 'operatorName', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .limit(LEDGER_LIMIT)
        .execute(),
    ]);
    const allowance = account.premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS;
    const ledger: AdminLedgerEntry[] = [
      ...reservations.flatMap((row): AdminLedgerEntry[] => [
        { at: iso(row.createdAt), type: 'reserve', delta: row.source === 'pack' ? -1 : 0, jobId: row.jobId, operator: null, reason: `from ${row.source}` },
        ...(row.status === 'reserved' ? [] : [{ at: iso(row.updatedAt), type: row.status === 'committed' ? 'commit' : 'release', delta: row.status === 'released' && row.source === 'pack' ? 1 : 0, jobId: row.jobId, operator: null, reason: null }]),
      ]),
      ...grants.flatMap((row): AdminLedgerEntry[] => [
        { at: iso(row.createdAt), type: 'pack', delta: row.generations, jobId: null, operator: null, reason: row.paymentId },
        ...(row.revokedAt ? [{ at: iso(row.revokedAt), type: 'pack revoked', delta: -(row.revokedCredits ?? 0), jobId: null, operator: null, reason: row.paymentId }] : []),
      ]),
      ...adjustments.map((row): AdminLedgerEntry => ({ at: iso(row.createdAt), type: 'adjustment', delta: row.delta, jobId: row.jobId, operator: row.operatorName, reason: row.reason })),
    ].sort((a, b) => b.at.localeCompare(a.at));
    return {
      plan: account.premium ? (account.subscriptionPlan ?? 'Premium') : 'Free',
      subscriptionStatus: account.subscriptionStatus,
      generationsCount: account.generationsCount,
      extraGenerations: account.extraGenerations,
      generationsLeft: Math.max(0, allowance - account.generationsCount) + account.extraGenerations,
      reservations: reservations.map((row) => ({ jobId: row.jobId, status: row.status, source: row.source, createdAt: iso(row.createdAt) })),
      purchases: grants.map((row) => ({ at: iso(row.createdAt), kind: 'pack' as const, amount: row.generations, reference: row.paymentId })),
      ledger: ledger.slice(0, LEDGER_LIMIT),
    };
  }

  async reservation(jobId: string): Promise<{ status: ReservationStatus; source: CreditSource } | null> {
    const row = await billingDatabase(this.em).selectFrom('reservation').select(['status', 'source']).where('jobId', '=', jobId).executeTakeFirst();
    return row ?? null;
  }
}
