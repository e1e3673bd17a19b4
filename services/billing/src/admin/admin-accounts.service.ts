import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type AdminBillingAccount, type AdminLedgerEntry, type CreditSource, type ReservationStatus } from '@lipcast/contracts';
import { LedgerService } from '../credits/ledger.service';

const LEDGER_LIMIT = 200;

interface ReservationRow {
  job_id: string;
  status: ReservationStatus;
  source: CreditSource;
  created_at: Date | string;
  updated_at: Date | string;
}

interface PackGrantRow {
  payment_id: string;
  generations: number;
  created_at: Date | string;
  revoked_at: Date | string | null;
  revoked_credits: number | null;
}

interface AdjustmentRow {
  delta: number;
  reason: string;
  job_id: string | null;
  operator_name: string;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A user's billing as the operator console shows it: plan, credits, reservations, purchases and the ledger, newest first. */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
  ) {}

  async account(userId: string): Promise<AdminBillingAccount> {
    const account = await this.ledger.account(userId);
    const [reservations, grants, adjustments] = await Promise.all([
      this.em.execute<ReservationRow[]>('select job_id, status, source, created_at, updated_at from billing.reservation where user_id = ? order by created_at desc limit ?', [userId, LEDGER_LIMIT]),
      this.em.execute<PackGrantRow[]>('select payment_id, generations, created_at, revoked_at, revoked_credits from billing.pack_grant where user_id = ? order by created_at desc', [userId]),
      this.em.execute<AdjustmentRow[]>('select delta, reason, job_id, operator_name, created_at from billing.credit_adjustment where user_id = ? order by created_at desc limit ?', [userId, LEDGER_LIMIT]),
    ]);
    const premium = account.subscriptionStatus === 'active';
    const allowance = premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS;
    const ledger: AdminLedgerEntry[] = [
      ...reservations.flatMap((row): AdminLedgerEntry[] => [
        { at: iso(row.created_at), type: 'reserve', delta: row.source === 'pack' ? -1 : 0, jobId: row.job_id, operator: null, reason: `from ${row.source}` },
        ...(row.status === 'reserved' ? [] : [{ at: iso(row.updated_at), type: row.status === 'committed' ? 'commit' : 'release', delta: row.status === 'released' && row.source === 'pack' ? 1 : 0, jobId: row.job_id, operator: null, reason: null }]),
      ]),
      ...grants.flatMap((row): AdminLedgerEntry[] => [
        { at: iso(row.created_at), type: 'pack', delta: row.generations, jobId: null, operator: null, reason: row.payment_id },
        ...(row.revoked_at ? [{ at: iso(row.revoked_at), type: 'pack revoked', delta: -(row.revoked_credits ?? 0), jobId: null, operator: null, reason: row.payment_id }] : []),
      ]),
      ...adjustments.map((row): AdminLedgerEntry => ({ at: iso(row.created_at), type: 'adjustment', delta: row.delta, jobId: row.job_id, operator: row.operator_name, reason: row.reason })),
    ].sort((a, b) => b.at.localeCompare(a.at));
    return {
      plan: premium ? (account.subscriptionPlan ?? 'Premium') : 'Free',
      subscriptionStatus: account.subscriptionStatus,
      generationsCount: account.generationsCount,
      extraGenerations: account.extraGenerations,
      generationsLeft: Math.max(0, allowance - account.generationsCount) + account.extraGenerations,
      reservations: reservations.map((row) => ({ jobId: row.job_id, status: row.status, source: row.source, createdAt: iso(row.created_at) })),
      purchases: grants.map((row) => ({ at: iso(row.created_at), kind: 'pack' as const, amount: row.generations, reference: row.payment_id })),
      ledger: ledger.slice(0, LEDGER_LIMIT),
    };
  }

  async reservation(jobId: string): Promise<{ status: ReservationStatus; source: CreditSource } | null> {
    const [row] = await this.em.execute<ReservationRow[]>('select status, source from billing.reservation where job_id = ?', [jobId]);
    return row ? { status: row.status, source: row.source } : null;
  }
}
