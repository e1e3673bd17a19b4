import pg from 'pg';
import { ErrorCode, Subjects } from '@lipcast/contracts';
import { startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../service';

describe('billing credit ledger over NATS', () => {
  let running: RunningService;
  let database: pg.Pool;
  const reserve = (userId: string, jobId: string) => running.client.send(Subjects.billing.creditsReserve, { userId, jobId });
  const commit = (jobId: string) => running.client.send(Subjects.billing.creditsCommit, { jobId });
  const release = (jobId: string) => running.client.send(Subjects.billing.creditsRelease, { jobId });
  const account = (userId: string) => running.client.send(Subjects.billing.accountGet, { userId });
  const newUser = () => crypto.randomUUID();
  const job = (label: string) => `${label}-${crypto.randomUUID()}`;

  /** Spends `count` generations (reserve + commit). */
  async function use(userId: string, count: number) {
    for (let index = 0; index < count; index++) {
      const id = job('used');
      await reserve(userId, id);
      await commit(id);
    }
  }

  /** What the subscription work will write when a period is paid (Stripe webhooks). */
  async function makePremium(userId: string, periodStart: Date, packCredits = 0) {
    await database.query(
      `insert into billing.account (user_id, subscription_status, subscription_plan, period_start, period_end, pack_credits)
       values ($1, 'active', 'Premium', $2, $2::timestamptz + interval '30 days', $3)
       on conflict (user_id) do update set subscription_status = 'active', subscription_plan = 'Premium',
         period_start = excluded.period_start, period_end = excluded.period_end, pack_credits = excluded.pack_credits`,
      [userId, periodStart, packCredits],
    );
  }

  beforeAll(async () => {
    running = await startServiceForTest(billingService);
    database = new pg.Pool({ connectionString: running.settings.DATABASE_URL, max: 2 });
  });
  afterAll(async () => {
    await running.close();
    await database.end();
  });

  it('gives a free user 3 generations, then answers 402 details with limit 3', async () => {
    const user = newUser();
    await use(user, 3);
    expect(await account(user)).toMatchObject({ generationsCount: 3, subscriptionStatus: null });
    await expect(reserve(user, job('fourth'))).rejects.toMatchObject({
      code: ErrorCode.PaymentRequired,
      details: { limit: 3, requiresAdditionalOnly: false },
    });
  });

  it('lets exactly one of 20 concurrent reserves take the last credit', async () => {
    const user = newUser();
    await use(user, 2);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => reserve(user, job(`race-${index}`))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.PaymentRequired });
    }
  });

  it("never spends a pack credit twice when an operator's take-back races reserves, and never goes below zero", async () => {
    const user = newUser();
    await use(user, 3);
    const operator = { operatorId: crypto.randomUUID(), operatorName: 'ops' };
    await running.client.send(Subjects.billing.adminCreditsAdjust, { userId: user, delta: 3, reason: 'Goodwill', ...operator });
    const takeBack = running.client.send(Subjects.billing.adminCreditsAdjust, { userId: user, delta: -2, reason: 'Granted by mistake', ...operator });
    const reserves = Array.from({ length: 5 }, (_, index) => reserve(user, job(`adjust-race-${index}`)));
    const [adjusted, ...reserved] = await Promise.allSettled([takeBack, ...reserves]);
    const spent = reserved.filter((result) => result.status === 'fulfilled').length;
    const taken = adjusted.status === 'fulfilled' ? 2 : 0;
    // Every one of the 3 credits went exactly once: to a reserve, or back to the operator.
    expect(spent + taken).toBe(3);
    expect((await account(user)).extraGenerations).toBe(0);
    if (adjusted.status === 'rejected') expect(adjusted.reason).toMatchObject({ code: ErrorCode.Validation });
    const entries = await database.query('select delta from billing.credit_adjustment where user_id = $1 order by created_at', [user]);
    expect(entries.rows.map((row) => row.delta)).toEqual(taken ? [3, -2] : [3]);
  });

  it('is idempotent by job id: reserve, commit and release twice count once', async () => {
    const user = newUser();
    const id = job('twice');
    expect(await reserve(user, id)).toMatchObject({ status: 'reserved', source: 'free' });
    expect(await reserve(user, id)).toMatchObject({ status: 'reserved' });
    await commit(id);
    expect(await commit(id)).toMatchObject({ status: 'committed' });
    expect((await account(user)).generationsCount).toBe(1);
    await expect(release(id)).rejects.toMatchObject({ code: ErrorCode.Conflict });
    await expect(reserve(newUser(), id)).rejects.toMatchObject({ code: ErrorCode.Conflict });
  });

  it('gives a released generation back', async () => {
    const user = newUser();
    await use(user, 2);
    const failed = job('failed');
    await reserve(user, failed);
    expect(await release(failed)).toMatchObject({ status: 'released' });
    expect(await release(failed)).toMatchObject({ status: 'released' });
    await expect(commit(failed)).rejects.toMatchObject({ code: ErrorCode.Conflict });
    expect(await reserve(user, job('retry'))).toMatchObject({ source: 'free' });
  });

  it('gives a premium user 60 per period, then the packs, then 402 for an extra pack only; a new period resets', async () => {
    const user = newUser();
    const periodStart = new Date(Date.now() - 24 * 3600_000);
    await makePremium(user, periodStart, 1);
    await use(user, 60);
    expect(await account(user)).toMatchObject({ generationsCount: 60, premium: true, subscriptionStatus: 'active', subscriptionPlan: 'Premium' });

    const fromPack = job('pack');
    expect(await reserve(user, fromPack)).toMatchObject({ source: 'pack' });
    await expect(reserve(user, job('no-more'))).rejects.toMatchObject({
      code: ErrorCode.PaymentRequired,
      details: { limit: 60, requiresAdditionalOnly: true },
    });
    await release(fromPack);
    expect(await reserve(user, job('pack-again'))).toMatchObject({ source: 'pack' });

    await makePremium(user, new Date(), 0);
    expect(await reserve(user, job('new-period'))).toMatchObject({ source: 'period' });
  });

  it('says free once the paid period has ended, though Stripe has not yet reported the status', async () => {
    const user = newUser();
    await makePremium(user, new Date(Date.now() - 31 * 24 * 3600_000));
    expect(await account(user)).toMatchObject({ premium: false, subscriptionStatus: 'active' });
    await use(user, 3);
    await expect(reserve(user, job('over'))).rejects.toMatchObject({ code: ErrorCode.PaymentRequired, details: { limit: 3 } });
  });

  it("starts a returning identity's account with the free generations its deleted one used, and counts them as used", async () => {
    const freeUsed = (userId: string) => running.client.send(Subjects.billing.accountFreeUsed, { userId });
    const carry = (userId: string, count: number) => running.client.send(Subjects.billing.accountCarryFreeUsed, { userId, freeUsed: count });
    const returning = newUser();
    expect(await carry(returning, 2)).toEqual({ carried: true });
    // Sent again at the next sign-in, or a smaller count: the larger one stays.
    await carry(returning, 2);
    await carry(returning, 1);
    expect(await account(returning)).toMatchObject({ generationsCount: 2, extraGenerations: 0 });
    expect(await freeUsed(returning)).toEqual({ freeUsed: 2 });
    const released = job('released');
    await reserve(returning, released);
    await release(released);
    await use(returning, 1);
    expect(await freeUsed(returning)).toEqual({ freeUsed: 3 });
    await expect(reserve(returning, job('fourth'))).rejects.toMatchObject({ code: ErrorCode.PaymentRequired, details: { limit: 3, requiresAdditionalOnly: false } });
    await expect(running.client.send(Subjects.billing.creditsCheck, { userId: returning })).rejects.toMatchObject({ code: ErrorCode.PaymentRequired });

    // Anyone else has their 3.
    const newcomer = newUser();
    expect(await freeUsed(newcomer)).toEqual({ freeUsed: 0 });
    await use(newcomer, 3);
    expect(await freeUsed(newcomer)).toEqual({ freeUsed: 3 });
    await expect(carry(newcomer, 4)).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it('answers NOT_FOUND for a job it never reserved', async () => {
    await expect(commit(job('unknown'))).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
