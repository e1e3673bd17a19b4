import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'kysely';
import type { CreditSource, Reservation, ReservationStatus } from '@lipcast/contracts';
import { BillingRepository, type BillingDatabase } from '../database';
import type { PlanColumns } from './premium';

/** The account columns the ledger decides on. */
export type LedgerAccount = PlanColumns & { userId: string; packCredits: number; freeUsedBefore: number };

const ACCOUNT_COLUMNS = ['userId', 'subscriptionStatus', 'periodStart', 'periodEnd', 'packCredits', 'freeUsedBefore'] as const;
const RESERVATION_COLUMNS = ['jobId', 'userId', 'status', 'source'] as const;

/** A count of one user's reservations, for `countReservations` to narrow. */
type ReservationQuery = SelectQueryBuilder<BillingDatabase, 'reservation', { count: string }>;

/** The subscription an account follows, as Stripe has it. */
export interface AccountSubscription {
  subscriptionId: string;
  subscriptionStatus: string;
  subscriptionPlan: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A user's ledger rows as the operator console lists them, newest first. */
export interface LedgerRows {
  reservations: { jobId: string; status: ReservationStatus; source: CreditSource; createdAt: Date; updatedAt: Date }[];
  grants: { paymentId: string; generations: number; createdAt: Date; revokedAt: Date | null; revokedCredits: number | null }[];
  adjustments: { delta: number; reason: string; jobId: string | null; operatorName: string; createdAt: Date }[];
}

/**
 * The credit ledger's tables: each user's account (plan, paid period, pack credits), the reservations
 * of their jobs, the pack grants of their payments and operators' adjustments. The account row is
 * what every change of credits locks (`lockAccount`), inside `transaction`.
 */
@Injectable()
export class LedgerRepository extends BillingRepository {
  /** Runs `work` in one transaction, with this repository's queries bound to it. */
  transaction<T>(work: (ledger: LedgerRepository) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(new LedgerRepository(em)));
  }

  /** Creates the user's account row when missing, then locks it (in a transaction): every change of credits queues up here. */
  async lockAccount(userId: string): Promise<LedgerAccount> {
    await this.db.insertInto('account').values({ userId }).onConflict((conflict) => conflict.doNothing()).execute();
    return this.db.selectFrom('account').select(ACCOUNT_COLUMNS).where('userId', '=', userId).forUpdate().executeTakeFirstOrThrow();
  }

  /** The account with what the header and profile show of its plan; undefined before the user's first credit or purchase. */
  findAccount(userId: string) {
    return this.db
      .selectFrom('account')
      .select([...ACCOUNT_COLUMNS, 'subscriptionPlan', 'cancelAtPeriodEnd'])
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  /** Records the free generations a deleted account of the identity used; the larger count is kept. */
  async carryFreeUsed(userId: string, freeUsed: number): Promise<void> {
    await this.db
      .insertInto('account')
      .values({ userId, freeUsedBefore: freeUsed })
      .onConflict((conflict) =>
        conflict.column('userId').doUpdateSet((eb) => ({ freeUsedBefore: eb.fn<number>('greatest', [eb.ref('account.freeUsedBefore'), eb.ref('excluded.freeUsedBefore')]) })),
      )
      .execute();
  }

  /** Changes the pack credits in SQL (`pack_credits + delta`), so the update works on the row as it is now. */
  async addPackCredits(userId: string, delta: number): Promise<void> {
    await this.db
      .updateTable('account')
      .set((eb) => ({ packCredits: eb('packCredits', '+', delta) }))
      .where('userId', '=', userId)
      .execute();
  }

  async findReservation(jobId: string): Promise<Reservation | undefined> {
    return this.db.selectFrom('reservation').select(RESERVATION_COLUMNS).where('jobId', '=', jobId).executeTakeFirst();
  }

  /** The job's reservation, locked (in a transaction); undefined when the job reserved nothing. */
  async lockReservation(jobId: string): Promise<Reservation | undefined> {
    return this.db.selectFrom('reservation').select(RESERVATION_COLUMNS).where('jobId', '=', jobId).forUpdate().executeTakeFirst();
  }

  async insertReservation(reservation: { jobId: string; userId: string; source: CreditSource; periodStart: Date | null }): Promise<void> {
    await this.db
      .insertInto('reservation')
      .values({ ...reservation, status: 'reserved' })
      .execute();
  }

  async setReservationStatus(jobId: string, status: ReservationStatus): Promise<void> {
    await this.db
      .updateTable('reservation')
      .set((eb) => ({ status, updatedAt: eb.fn<Date>('now') }))
      .where('jobId', '=', jobId)
      .execute();
  }

  /** Generations of the paid period starting at `periodStart` reserved or committed (not released). */
  periodReservationsHeld(userId: string, periodStart: Date): Promise<number> {
    return this.countReservations(userId, (query) => query.where('source', '=', 'period').where('periodStart', '=', periodStart).where('status', '!=', 'released'));
  }

  /** Free generations reserved or committed by this account (not those carried over). */
  freeReservationsHeld(userId: string): Promise<number> {
    return this.countReservations(userId, (query) => query.where('source', '=', 'free').where('status', '!=', 'released'));
  }

  /** Generations committed by the user, since `since` when given. */
  committedCount(userId: string, since?: Date): Promise<number> {
    return this.countReservations(userId, (query) => (since ? query.where('createdAt', '>=', since) : query).where('status', '=', 'committed'));
  }

  /** The user's reservations that `narrow` keeps, counted. */
  private async countReservations(userId: string, narrow: (query: ReservationQuery) => ReservationQuery): Promise<number> {
    const query = narrow(this.db.selectFrom('reservation').select((eb) => eb.fn.countAll<string>().as('count')).where('userId', '=', userId));
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  async insertAdjustment(adjustment: { userId: string; delta: number; reason: string; jobId: string | null; operatorId: string; operatorName: string }): Promise<void> {
    await this.db
      .insertInto('credit_adjustment')
      .values({ id: crypto.randomUUID(), ...adjustment })
      .execute();
  }

  /**
   * Adds a paid pack, once per payment (Stripe may announce one payment several times and through
   * several events: checkout completed, payment succeeded): true when this payment had not been granted
   * (nor revoked) before, and its generations were added to the user's pack credits, in one transaction.
   */
  grantPack(userId: string, paymentId: string, generations: number): Promise<boolean> {
    return this.transaction(async ({ db }) => {
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
   * Takes back a pack whose payment was refunded or disputed, once per payment, in one transaction: only
   * the credits still there (the balance never goes below zero; used ones stay used). When the revocation
   * comes before the grant (Stripe's events arrive in any order), the payment is recorded as revoked, so
   * it is never granted. Answers the credits taken back, or null when this payment was revoked before.
   */
  revokePack(userId: string, paymentId: string, generations: number): Promise<number | null> {
    return this.transaction(async (ledger) => {
      const { db } = ledger;
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
      await ledger.addPackCredits(grant.userId, -taken);
      await db
        .updateTable('pack_grant')
        .set((eb) => ({ revokedAt: eb.fn<Date>('now'), revokedCredits: taken }))
        .where('paymentId', '=', paymentId)
        .execute();
      return taken;
    });
  }

  /** The Stripe subscription the account follows, if any. */
  async subscriptionIdOf(userId: string): Promise<string | null> {
    const account = await this.db.selectFrom('account').select('subscriptionId').where('userId', '=', userId).executeTakeFirst();
    return account?.subscriptionId ?? null;
  }

  /**
   * Writes the subscription into the user's account (created when missing) under the account-row lock,
   * unless `keep` says the account's current one stays (it is given the subscription the account follows
   * now). Answers what the account followed before, or null when it was kept.
   */
  applySubscription(
    userId: string,
    subscription: AccountSubscription,
    keep: (current: { subscriptionId: string | null }) => boolean,
  ): Promise<{ subscriptionId: string | null; subscriptionStatus: string | null } | null> {
    return this.transaction(async ({ db }) => {
      await db.insertInto('account').values({ userId }).onConflict((conflict) => conflict.doNothing()).execute();
      const account = await db.selectFrom('account').select(['subscriptionId', 'subscriptionStatus']).where('userId', '=', userId).forUpdate().executeTakeFirstOrThrow();
      if (keep(account)) return null;
      await db.updateTable('account').set(subscription).where('userId', '=', userId).execute();
      return account;
    });
  }

  /** The user's reservations, pack grants and adjustments, newest first (reservations and adjustments: at most `limit`). */
  async rowsOf(userId: string, limit: number): Promise<LedgerRows> {
    const [reservations, grants, adjustments] = await Promise.all([
      this.db
        .selectFrom('reservation')
        .select(['jobId', 'status', 'source', 'createdAt', 'updatedAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('pack_grant')
        .select(['paymentId', 'generations', 'createdAt', 'revokedAt', 'revokedCredits'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .execute(),
      this.db
        .selectFrom('credit_adjustment')
        .select(['delta', 'reason', 'jobId', 'operatorName', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return { reservations, grants, adjustments };
  }

  /**
   * Account deletion: the ledger (account, reservations, pack grants, adjustments, the Stripe customer
   * link) moves to a new anonymous id that nothing else knows, in one transaction; daily usage goes.
   */
  anonymise(userId: string, anonymousId: string): Promise<void> {
    return this.transaction(async ({ db }) => {
      const account = await db.selectFrom('account').selectAll().where('userId', '=', userId).forUpdate().executeTakeFirst();
      if (account) {
        // The reservations reference the account: a copy under the new id first, then they follow, then the old row goes.
        // The copy is made in SQL, every column as stored (nothing passes through JavaScript).
        const columns = Object.keys(account) as (keyof typeof account)[];
        await db
          .insertInto('account')
          .columns(columns)
          .expression(
            db
              .selectFrom('account')
              .select((eb) => columns.map((column) => (column === 'userId' ? eb.cast<string>(eb.val(anonymousId), 'uuid').as('userId') : column)))
              .where('userId', '=', userId),
          )
          .execute();
        await db.updateTable('reservation').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      }
      await db.updateTable('pack_grant').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      await db.updateTable('credit_adjustment').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      await db.updateTable('customer').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      await db.deleteFrom('daily_usage').where('userId', '=', userId).execute();
      await db.deleteFrom('account').where('userId', '=', userId).execute();
    });
  }
}
