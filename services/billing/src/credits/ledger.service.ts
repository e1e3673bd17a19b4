import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ErrorCode, FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type Account, type CreditSource, type FreeGenerationsUsed, type FreeUsedCarried,
  type PaymentRequiredDetails, type Reservation, type ReservationStatus,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { creditsCommitted, creditsReleased, creditsReserved, paymentRequired } from '../billing-metrics';
import { billingDatabase } from '../database';
import { QuotasService } from '../quotas/quotas.service';
import { isPremium, type PlanColumns } from './premium';
import { ReservationEntity } from './reservation.entity';

/** The account columns the ledger decides on. */
type LedgerAccount = PlanColumns & { userId: string; packCredits: number; freeUsedBefore: number };

const ACCOUNT_COLUMNS = ['userId', 'subscriptionStatus', 'periodStart', 'periodEnd', 'packCredits', 'freeUsedBefore'] as const;
const RESERVATION_COLUMNS = ['jobId', 'userId', 'status', 'source'] as const;

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
    private readonly em: EntityManager,
    private readonly quotas: QuotasService,
  ) {}

  async reserve(userId: string, jobId: string): Promise<Reservation> {
    let reserved = false;
    const reservation = await this.em.transactional(async (em) => {
      const db = billingDatabase(em);
      const account = await this.lockAccount(em, userId);
      const existing = await db.selectFrom('reservation').select(RESERVATION_COLUMNS).where('jobId', '=', jobId).executeTakeFirst();
      if (existing) {
        if (existing.userId !== userId) throw new ServiceError(ErrorCode.Conflict, 'This job belongs to another user');
        return existing satisfies Reservation;
      }
      const source = await this.nextSource(em, account);
      if (source === 'pack') await this.addPackCredits(em, userId, -1);
      await db
        .insertInto('reservation')
        .values({ jobId, userId, status: 'reserved', source, periodStart: source === 'period' ? account.periodStart : null })
        .execute();
      reserved = true;
      return { jobId, userId, status: 'reserved', source } satisfies Reservation;
    });
    if (reserved) creditsReserved.inc({ source: reservation.source });
    return reservation;
  }

  /** Whether a reserve would succeed now (PAYMENT_REQUIRED as it would answer otherwise); reserves nothing. */
  async check(userId: string): Promise<{ available: true }> {
    const account = await billingDatabase(this.em).selectFrom('account').select(ACCOUNT_COLUMNS).where('userId', '=', userId).executeTakeFirst();
    await this.nextSource(this.em, account ?? { userId, subscriptionStatus: null, periodStart: null, periodEnd: null, packCredits: 0, freeUsedBefore: 0 });
    return { available: true };
  }

  /** Where the user's next generation comes from: the plan's allowance, then a pack; PAYMENT_REQUIRED with the limit when nothing is left. */
  private async nextSource(em: EntityManager, account: LedgerAccount): Promise<CreditSource> {
    const premium = isPremium(account);
    const allowanceUsed = premium
      ? await em.count(ReservationEntity, { userId: account.userId, source: 'period', periodStart: account.periodStart, status: { $ne: 'released' } })
      : account.freeUsedBefore + (await this.freeReserved(em, account.userId));
    if (allowanceUsed < (premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS)) return premium ? 'period' : 'free';
    if (account.packCredits > 0) return 'pack';
    const details: PaymentRequiredDetails = premium
      ? { limit: PREMIUM_GENERATIONS_PER_PERIOD, requiresAdditionalOnly: true }
      : { limit: FREE_GENERATIONS, requiresAdditionalOnly: false };
    paymentRequired.inc({ plan: premium ? 'premium' : 'free' });
    throw new ServiceError(ErrorCode.PaymentRequired, 'No generations left', { ...details });
  }

  /** Free generations reserved or committed by this account (not those carried over). */
  private freeReserved(em: EntityManager, userId: string): Promise<number> {
    return em.count(ReservationEntity, { userId, source: 'free', status: { $ne: 'released' } });
  }

  /**
   * The free generations the user has used (reserved or committed), those carried over from an earlier
   * deleted account included: what auth keeps of the identity when this account is deleted.
   */
  async freeUsed(userId: string): Promise<FreeGenerationsUsed> {
    const account = await billingDatabase(this.em).selectFrom('account').select('freeUsedBefore').where('userId', '=', userId).executeTakeFirst();
    return { freeUsed: (account?.freeUsedBefore ?? 0) + (await this.freeReserved(this.em, userId)) };
  }

  /**
   * A returning identity's new account starts with the free generations its deleted account used. The
   * larger count is kept, so auth may send it again (it does at each sign-in of that identity).
   */
  async carryFreeUsed(userId: string, freeUsed: number): Promise<FreeUsedCarried> {
    await billingDatabase(this.em)
      .insertInto('account')
      .values({ userId, freeUsedBefore: freeUsed })
      .onConflict((conflict) =>
        conflict.column('userId').doUpdateSet((eb) => ({ freeUsedBefore: eb.fn<number>('greatest', [eb.ref('account.freeUsedBefore'), eb.ref('excluded.freeUsedBefore')]) })),
      )
      .execute();
    return { carried: true };
  }

  /** Counts the generation; committing twice is fine, committing a released job is a conflict. */
  async commit(jobId: string): Promise<Reservation> {
    let committed = false;
    const result = await this.em.transactional(async (em) => {
      const reservation = await this.lockReservation(em, jobId);
      if (reservation.status === 'released') throw new ServiceError(ErrorCode.Conflict, 'This job was released and cannot be committed');
      if (reservation.status === 'reserved') {
        await this.setStatus(em, jobId, 'committed');
        committed = true;
      }
      return { ...reservation, status: 'committed' } satisfies Reservation;
    });
    if (committed) creditsCommitted.inc({ source: result.source });
    return result;
  }

  /** Gives the generation back (a pack credit returns to the pack); a committed job stays counted. */
  async release(jobId: string): Promise<Reservation> {
    let released = false;
    const result = await this.em.transactional(async (em) => {
      const reservation = await this.lockReservation(em, jobId);
      if (reservation.status === 'committed') throw new ServiceError(ErrorCode.Conflict, 'This job was committed and cannot be released');
      if (reservation.status === 'reserved') {
        await this.setStatus(em, jobId, 'released');
        if (reservation.source === 'pack') await this.addPackCredits(em, reservation.userId, 1);
        released = true;
      }
      return { ...reservation, status: 'released' } satisfies Reservation;
    });
    if (released) creditsReleased.inc({ source: result.source });
    return result;
  }

  /**
   * An operator's manual change of the user's extra generations (pack credits), recorded in the ledger
   * with the operator and reason. Under the same account-row lock as a reserve, so it never races one;
   * the balance never goes below zero (a larger take-back is refused, nothing changes).
   */
  async adjust(adjustment: { userId: string; delta: number; reason: string; jobId: string | null; operatorId: string; operatorName: string }): Promise<void> {
    await this.em.transactional(async (em) => {
      const account = await this.lockAccount(em, adjustment.userId);
      if (account.packCredits + adjustment.delta < 0) {
        throw ServiceError.validation(`The user has ${account.packCredits} extra generations; no more than that can be taken back.`, { field: 'delta' });
      }
      await this.addPackCredits(em, adjustment.userId, adjustment.delta);
      const { userId, delta, reason, jobId, operatorId, operatorName } = adjustment;
      await billingDatabase(em).insertInto('credit_adjustment').values({ id: crypto.randomUUID(), userId, delta, reason, jobId, operatorId, operatorName }).execute();
    });
  }

  /**
   * Plan and usage for the header and profile: generations counted this period (premium) or ever (free,
   * with those an earlier deleted account of the identity used), and today's previews.
   */
  async account(userId: string): Promise<Account> {
    const account = await billingDatabase(this.em)
      .selectFrom('account')
      .select([...ACCOUNT_COLUMNS, 'subscriptionPlan', 'cancelAtPeriodEnd'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!account) {
      return {
        generationsCount: 0,
        extraGenerations: 0,
        premium: false,
        subscriptionStatus: null,
        subscriptionPlan: null,
        subscriptionPeriodEnd: null,
        subscriptionCancelAtPeriodEnd: false,
        dailyQuotas: await this.quotas.today(userId, false),
      };
    }
    const premium = isPremium(account);
    const generationsCount = premium
      ? await this.em.count(ReservationEntity, { userId, status: 'committed', createdAt: { $gte: account.periodStart } })
      : account.freeUsedBefore + (await this.em.count(ReservationEntity, { userId, status: 'committed' }));
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

  /**
   * Adds a paid pack, once per payment: Stripe may announce one payment several times and through
   * several events (checkout completed, payment succeeded).
   */
  async grantPack(userId: string, paymentId: string, generations: number): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const db = billingDatabase(em);
      const granted = await db
        .insertInto('pack_grant')
        .values({ paymentId, userId, generations })
        .onConflict((conflict) => conflict.doNothing())
        .returning('paymentId')
        .execute();
      if (granted.length === 0) return false;
      await db
        .insertInto('account')
        .values({ userId, packCredits: generations })
        .onConflict((conflict) =>
          conflict.column('userId').doUpdateSet((eb) => ({ packCredits: eb('account.packCredits', '+', eb.ref('excluded.packCredits')) })),
        )
        .execute();
      return true;
    });
  }

  /**
   * Takes back a pack whose payment was refunded or disputed, once per payment: only the credits still
   * there (the balance never goes below zero; used ones stay used). When the revocation comes before the
   * grant (Stripe's events arrive in any order), the payment is recorded as revoked, so it is never
   * granted. Answers the credits taken back, or null when this payment was revoked before.
   */
  async revokePack(userId: string, paymentId: string, generations: number): Promise<number | null> {
    return this.em.transactional(async (em) => {
      const db = billingDatabase(em);
      const recorded = await db
        .insertInto('pack_grant')
        .values((eb) => ({ paymentId, userId, generations, revokedAt: eb.fn<Date>('now'), revokedCredits: 0 }))
        .onConflict((conflict) => conflict.doNothing())
        .returning('paymentId')
        .execute();
      if (recorded.length > 0) return 0;
      const grant = await db
        .selectFrom('pack_grant')
        .select(['userId', 'generations', 'revokedAt'])
        .where('paymentId', '=', paymentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (grant.revokedAt) return null;
      const account = await db.selectFrom('account').select('packCredits').where('userId', '=', grant.userId).forUpdate().executeTakeFirst();
      const taken = Math.min(grant.generations, account?.packCredits ?? 0);
      await this.addPackCredits(em, grant.userId, -taken);
      await db
        .updateTable('pack_grant')
        .set((eb) => ({ revokedAt: eb.fn<Date>('now'), revokedCredits: taken }))
        .where('paymentId', '=', paymentId)
        .execute();
      return taken;
    });
  }

  /** Creates the user's account row when missing, then locks it: every change of credits queues up here. */
  private async lockAccount(em: EntityManager, userId: string): Promise<LedgerAccount> {
    const db = billingDatabase(em);
    await db.insertInto('account').values({ userId }).onConflict((conflict) => conflict.doNothing()).execute();
    return db.selectFrom('account').select(ACCOUNT_COLUMNS).where('userId', '=', userId).forUpdate().executeTakeFirstOrThrow();
  }

  /** Changes the pack credits in SQL (`pack_credits + delta`), so the update works on the row as it is now. */
  private async addPackCredits(em: EntityManager, userId: string, delta: number): Promise<void> {
    await billingDatabase(em)
      .updateTable('account')
      .set((eb) => ({ packCredits: eb('packCredits', '+', delta) }))
      .where('userId', '=', userId)
      .execute();
  }

  private async lockReservation(em: EntityManager, jobId: string): Promise<Reservation> {
    const reservation = await billingDatabase(em).selectFrom('reservation').select(RESERVATION_COLUMNS).where('jobId', '=', jobId).forUpdate().executeTakeFirst();
    if (!reservation) throw ServiceError.notFound('No reservation for this job');
    return reservation;
  }

  private async setStatus(em: EntityManager, jobId: string, status: ReservationStatus): Promise<void> {
    await billingDatabase(em)
      .updateTable('reservation')
      .set((eb) => ({ status, updatedAt: eb.fn<Date>('now') }))
      .where('jobId', '=', jobId)
      .execute();
  }
}
