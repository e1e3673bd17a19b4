import { Injectable } from '@nestjs/common';
import {
  ErrorCode, FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type Account, type CreditSource, type FreeGenerationsUsed, type FreeUsedCarried,
  type PaymentRequiredDetails, type Reservation,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { creditsCommitted, creditsReleased, creditsReserved, paymentRequired } from '../billing-metrics';
import { QuotasService } from '../quotas/quotas.service';
import { LedgerRepository, type LedgerAccount } from './ledger.repository';
import { isPremium } from './premium';

/** The account of a user before their first credit or purchase (it has no row yet). */
const NO_ACCOUNT = { subscriptionStatus: null, periodStart: null, periodEnd: null, packCredits: 0, freeUsedBefore: 0, subscriptionPlan: null, cancelAtPeriodEnd: false };

/**
 * The credit ledger: the single answer to "may this user generate". Free users have 3 in total (an
 * identity that deleted its account and signed up again keeps those it had used: `freeUsedBefore`);
 * premium users 60 per paid period; pack credits never expire and are spent after the allowance.
 * A job reserves one generation before work, commits it on success and releases it on failure;
 * every step is idempotent by job id. Reserves lock the user's account row, so concurrent reserves
 * for the same user are serialised and can never spend the same credit twice.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly quotas: QuotasService,
  ) {}

  async reserve(userId: string, jobId: string): Promise<Reservation> {
    let reserved = false;
    const reservation = await this.ledger.transaction(async (ledger) => {
      const account = await ledger.lockAccount(userId);
      const existing = await ledger.findReservation(jobId);
      if (existing) {
        if (existing.userId !== userId) throw new ServiceError(ErrorCode.Conflict, 'This job belongs to another user');
        return existing satisfies Reservation;
      }
      const source = await this.nextSource(ledger, account);
      if (source === 'pack') await ledger.addPackCredits(userId, -1);
      await ledger.insertReservation({ jobId, userId, source, periodStart: source === 'period' ? account.periodStart : null });
      reserved = true;
      return { jobId, userId, status: 'reserved', source } satisfies Reservation;
    });
    if (reserved) creditsReserved.inc({ source: reservation.source });
    return reservation;
  }

  /** Whether a reserve would succeed now (PAYMENT_REQUIRED as it would answer otherwise); reserves nothing. */
  async check(userId: string): Promise<{ available: true }> {
    const account = await this.ledger.findAccount(userId);
    await this.nextSource(this.ledger, account ?? { ...NO_ACCOUNT, userId });
    return { available: true };
  }

  /** Where the user's next generation comes from: the plan's allowance, then a pack; PAYMENT_REQUIRED with the limit when nothing is left. */
  private async nextSource(ledger: LedgerRepository, account: LedgerAccount): Promise<CreditSource> {
    const premium = isPremium(account);
    const allowanceUsed = premium
      ? await ledger.periodReservationsHeld(account.userId, account.periodStart)
      : account.freeUsedBefore + (await ledger.freeReservationsHeld(account.userId));
    if (allowanceUsed < (premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS)) return premium ? 'period' : 'free';
    if (account.packCredits > 0) return 'pack';
    const details: PaymentRequiredDetails = premium
      ? { limit: PREMIUM_GENERATIONS_PER_PERIOD, requiresAdditionalOnly: true }
      : { limit: FREE_GENERATIONS, requiresAdditionalOnly: false };
    paymentRequired.inc({ plan: premium ? 'premium' : 'free' });
    throw new ServiceError(ErrorCode.PaymentRequired, 'No generations left', { ...details });
  }

  /**
   * The free generations the user has used (reserved or committed), those carried over from an earlier
   * deleted account included: what auth keeps of the identity when this account is deleted.
   */
  async freeUsed(userId: string): Promise<FreeGenerationsUsed> {
    const account = await this.ledger.findAccount(userId);
    return { freeUsed: (account?.freeUsedBefore ?? 0) + (await this.ledger.freeReservationsHeld(userId)) };
  }

  /**
   * A returning identity's new account starts with the free generations its deleted account used. The
   * larger count is kept, so auth may send it again (it does at each sign-in of that identity).
   */
  async carryFreeUsed(userId: string, freeUsed: number): Promise<FreeUsedCarried> {
    await this.ledger.carryFreeUsed(userId, freeUsed);
    return { carried: true };
  }

  /** Counts the generation; committing twice is fine, committing a released job is a conflict. */
  commit(jobId: string): Promise<Reservation> {
    return this.settle(jobId, 'committed');
  }

  /** Gives the generation back (a pack credit returns to the pack); a committed job stays counted. */
  release(jobId: string): Promise<Reservation> {
    return this.settle(jobId, 'released');
  }

  /** Ends the job's reservation as `status`, once: ending it so again is fine, the other way a conflict. */
  private async settle(jobId: string, status: 'committed' | 'released'): Promise<Reservation> {
    const other = status === 'committed' ? 'released' : 'committed';
    let settled = false;
    const result = await this.ledger.transaction(async (ledger) => {
      const reservation = await ledger.lockReservation(jobId);
      if (!reservation) throw ServiceError.notFound('No reservation for this job');
      if (reservation.status === other) throw new ServiceError(ErrorCode.Conflict, `This job was ${other} and cannot be ${status}`);
      if (reservation.status === 'reserved') {
        await ledger.setReservationStatus(jobId, status);
        if (status === 'released' && reservation.source === 'pack') await ledger.addPackCredits(reservation.userId, 1);
        settled = true;
      }
      return { ...reservation, status } satisfies Reservation;
    });
    if (settled) (status === 'committed' ? creditsCommitted : creditsReleased).inc({ source: result.source });
    return result;
  }

  /**
   * An operator's manual change of the user's extra generations (pack credits), recorded in the ledger
   * with the operator and reason. Under the same account-row lock as a reserve, so it never races one;
   * the balance never goes below zero (a larger take-back is refused, nothing changes).
   */
  async adjust(adjustment: { userId: string; delta: number; reason: string; jobId: string | null; operatorId: string; operatorName: string }): Promise<void> {
    await this.ledger.transaction(async (ledger) => {
      const account = await ledger.lockAccount(adjustment.userId);
      if (account.packCredits + adjustment.delta < 0) {
        throw ServiceError.validation(`The user has ${account.packCredits} extra generations; no more than that can be taken back.`, { field: 'delta' });
      }
      await ledger.addPackCredits(adjustment.userId, adjustment.delta);
      const { userId, delta, reason, jobId, operatorId, operatorName } = adjustment;
      await ledger.insertAdjustment({ userId, delta, reason, jobId, operatorId, operatorName });
    });
  }

  /**
   * Plan and usage for the header and profile: generations counted this period (premium) or ever (free,
   * with those an earlier deleted account of the identity used), and today's previews.
   */
  async account(userId: string): Promise<Account> {
    const account = (await this.ledger.findAccount(userId)) ?? { ...NO_ACCOUNT, userId };
    const premium = isPremium(account);
    const generationsCount = premium ? await this.ledger.committedCount(userId, account.periodStart) : account.freeUsedBefore + (await this.ledger.committedCount(userId));
    return {
      generationsCount,
      extraGenerations: account.packCredits,
      premium,
      subscriptionStatus: account.subscriptionStatus,
      subscriptionPlan: account.subscriptionPlan,
      subscriptionPeriodEnd: account.periodEnd?.toISOString() ?? null,
      subscriptionCancelAtPeriodEnd: account.cancelAtPeriodEnd,
      dailyQuotas: await this.quotas.today(userId, premium),
    };
  }
}
