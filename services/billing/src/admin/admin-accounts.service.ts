import { Injectable } from '@nestjs/common';
import { FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type AdminBillingAccount, type AdminLedgerEntry, type CreditSource, type ReservationStatus } from '@lipcast/contracts';
import { LedgerRepository } from '../credits/ledger.repository';
import { LedgerService } from '../credits/ledger.service';

const LEDGER_LIMIT = 200;

const iso = (value: Date) => value.toISOString();

/** A user's billing as the operator console shows it: plan, credits, reservations, purchases and the ledger, newest first. */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly rows: LedgerRepository,
    private readonly ledger: LedgerService,
  ) {}

  async account(userId: string): Promise<AdminBillingAccount> {
    const account = await this.ledger.account(userId);
    const { reservations, grants, adjustments } = await this.rows.rowsOf(userId, LEDGER_LIMIT);
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
    const reservation = await this.rows.findReservation(jobId);
    return reservation ? { status: reservation.status, source: reservation.source } : null;
  }
}
