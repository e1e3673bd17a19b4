import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ErrorCode, FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type Account, type CreditSource, type PaymentRequiredDetails, type Reservation,
  type ReservationStatus,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { creditsCommitted, creditsReleased, creditsReserved, paymentRequired } from '../billing-metrics';
import { QuotasService } from '../quotas/quotas.service';
import { isPremium } from './premium';

interface AccountRow {
  user_id: string;
  subscription_status: string | null;
  subscription_plan: string | null;
  period_start: Date | null;
  period_end: Date | null;
  pack_credits: number;
  cancel_at_period_end: boolean;
}

interface ReservationRow {
  job_id: string;
  user_id: string;
  status: ReservationStatus;
  source: CreditSource;
}

const toReservation = (row: ReservationRow): Reservation => ({ jobId: row.job_id, userId: row.user_id, status: row.status, source: row.source });

/**
 * The credit ledger: the single answer to "may this user generate". Free users have 3 in total;
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
      await em.execute('insert into billing.account (user_id) values (?) on conflict do nothing', [userId]);
      const [account] = await em.execute<AccountRow[]>('select * from billing.account where user_id = ? for update', [userId]);
      const [existing] = await em.execute<ReservationRow[]>('select * from billing.reservation where job_id = ?', [jobId]);
      if (existing) {
        if (existing.user_id !== userId) throw new ServiceError(ErrorCode.Conflict, 'This job belongs to another user');
        return toReservation(existing);
      }
      const source = await this.nextSource(em, account);
      if (source === 'pack') await em.execute('update billing.account set pack_credits = pack_credits - 1 where user_id = ?', [userId]);
      await em.execute('insert into billing.reservation (job_id, user_id, status, source, period_start) values (?, ?, ?, ?, ?)', [
        jobId,
        userId,
        'reserved',
        source,
        source === 'period' ? account.period_start : null,
      ]);
      reserved = true;
      return { jobId, userId, status: 'reserved', source } satisfies Reservation;
    });
    if (reserved) creditsReserved.inc({ source: reservation.source });
    return reservation;
  }

  /** Whether a reserve would succeed now (PAYMENT_REQUIRED as it would answer otherwise); reserves nothing. */
  async check(userId: string): Promise<{ available: true }> {
    const [account] = await this.em.execute<AccountRow[]>('select * from billing.account where user_id = ?', [userId]);
    await this.nextSource(this.em, account ?? { user_id: userId, subscription_status: null, subscription_plan: null, period_start: null, period_end: null, pack_credits: 0, cancel_at_period_end: false });
    return { available: true };
  }

  /** Where the user's next generation comes from: the plan's allowance, then a pack; PAYMENT_REQUIRED with the limit when nothing is left. */
  private async nextSource(em: EntityManager, account: AccountRow): Promise<CreditSource> {
    const premium = isPremium(account);
    const allowanceUsed = premium
      ? await this.count(em, "user_id = ? and source = 'period' and period_start = ? and status <> 'released'", [account.user_id, account.period_start])
      : await this.count(em, "user_id = ? and source = 'free' and status <> 'released'", [account.user_id]);
    if (allowanceUsed < (premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS)) return premium ? 'period' : 'free';
    if (account.pack_credits > 0) return 'pack';
    const details: PaymentRequiredDetails = premium
      ? { limit: PREMIUM_GENERATIONS_PER_PERIOD, requiresAdditionalOnly: true }
      : { limit: FREE_GENERATIONS, requiresAdditionalOnly: false };
    paymentRequired.inc({ plan: premium ? 'premium' : 'free' });
    throw new ServiceError(ErrorCode.PaymentRequired, 'No generations left', { ...details });
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
      return { ...toReservation(reservation), status: 'committed' } satisfies Reservation;
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
        if (reservation.source === 'pack') {
          await em.execute('update billing.account set pack_credits = pack_credits + 1 where user_id = ?', [reservation.user_id]);
        }
        released = true;
      }
      return { ...toReservation(reservation), status: 'released' } satisfies Reservation;
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
      await em.execute('insert into billing.account (user_id) values (?) on conflict do nothing', [adjustment.userId]);
      const [account] = await em.execute<AccountRow[]>('select * from billing.account where user_id = ? for update', [adjustment.userId]);
      if (account.pack_credits + adjustment.delta < 0) {
        throw ServiceError.validation(`The user has ${account.pack_credits} extra generations; no more than that can be taken back.`, { field: 'delta' });
      }
      await em.execute('update billing.account set pack_credits = pack_credits + ? where user_id = ?', [adjustment.delta, adjustment.userId]);
      await em.execute(
        'insert into billing.credit_adjustment (id, user_id, delta, reason, job_id, operator_id, operator_name) values (?, ?, ?, ?, ?, ?, ?)',
        [crypto.randomUUID(), adjustment.userId, adjustment.delta, adjustment.reason, adjustment.jobId, adjustment.operatorId, adjustment.operatorName],
      );
    });
  }

  /** Plan and usage for the header and profile: generations counted this period (premium) or ever (free), and today's previews. */
  async account(userId: string): Promise<Account> {
    const [account] = await this.em.execute<AccountRow[]>('select * from billing.account where user_id = ?', [userId]);
    if (!account) {
      return {
        generationsCount: 0,
        extraGenerations: 0,
        subscriptionStatus: null,
        subscriptionPlan: null,
        subscriptionPeriodEnd: null,
        subscriptionCancelAtPeriodEnd: false,
        dailyQuotas: await this.quotas.today(userId, false),
      };
    }
    const premium = isPremium(account);
    const generationsCount = premium
      ? await this.count(this.em, "user_id = ? and status = 'committed' and created_at >= ?", [userId, account.period_start])
      : await this.count(this.em, "user_id = ? and status = 'committed'", [userId]);
    return {
      generationsCount,
      extraGenerations: account.pack_credits,
      subscriptionStatus: account.subscription_status,
      subscriptionPlan: account.subscription_plan,
      subscriptionPeriodEnd: account.period_end ? new Date(account.period_end).toISOString() : null,
      subscriptionCancelAtPeriodEnd: account.cancel_at_period_end,
      dailyQuotas: await this.quotas.today(userId, premium),
    };
  }

  /**
   * Adds a paid pack, once per payment: Stripe may announce one payment several times and through
   * several events (checkout completed, payment succeeded).
   */
  async grantPack(userId: string, paymentId: string, generations: number): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const granted = await em.execute<{ payment_id: string }[]>(
        'insert into billing.pack_grant (payment_id, user_id, generations) values (?, ?, ?) on conflict do nothing returning payment_id',
        [paymentId, userId, generations],
      );
      if (granted.length === 0) return false;
      await em.execute(
        `insert into billing.account (user_id, pack_credits) values (?, ?)
         on conflict (user_id) do update set pack_credits = billing.account.pack_credits + excluded.pack_credits`,
        [userId, generations],
      );
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
      const recorded = await em.execute<{ payment_id: string }[]>(
        `insert into billing.pack_grant (payment_id, user_id, generations, revoked_at, revoked_credits) values (?, ?, ?, now(), 0)
         on conflict do nothing returning payment_id`,
        [paymentId, userId, generations],
      );
      if (recorded.length > 0) return 0;
      const [grant] = await em.execute<{ user_id: string; generations: number; revoked_at: Date | null }[]>(
        'select user_id, generations, revoked_at from billing.pack_grant where payment_id = ? for update',
        [paymentId],
      );
      if (grant.revoked_at) return null;
      const [account] = await em.execute<{ pack_credits: number }[]>('select pack_credits from billing.account where user_id = ? for update', [grant.user_id]);
      const taken = Math.min(grant.generations, account?.pack_credits ?? 0);
      await em.execute('update billing.account set pack_credits = pack_credits - ? where user_id = ?', [taken, grant.user_id]);
      await em.execute('update billing.pack_grant set revoked_at = now(), revoked_credits = ? where payment_id = ?', [taken, paymentId]);
      return taken;
    });
  }

  private async count(em: EntityManager, where: string, params: unknown[]): Promise<number> {
    const [{ count }] = await em.execute<{ count: string }[]>(`select count(*) as count from billing.reservation where ${where}`, params);
    return Number(count);
  }

  private async lockReservation(em: EntityManager, jobId: string): Promise<ReservationRow> {
    const [reservation] = await em.execute<ReservationRow[]>('select * from billing.reservation where job_id = ? for update', [jobId]);
    if (!reservation) throw ServiceError.notFound('No reservation for this job');
    return reservation;
  }

  private async setStatus(em: EntityManager, jobId: string, status: ReservationStatus): Promise<void> {
    await em.execute('update billing.reservation set status = ?, updated_at = now() where job_id = ?', [status, jobId]);
  }
}
