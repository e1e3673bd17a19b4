import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ErrorCode, Subjects, type QuotaKind } from '@lipcast/contracts';
import { readEnv, ServiceError, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import type { Clock } from '../clock';
import { LedgerRepository } from '../credits/ledger.repository';
import { ormConfig } from '../mikro-orm.config';
import { billingService } from '../service';
import { BillingSettings } from '../settings';
import { QuotasRepository } from './quotas.repository';
import { QuotasService } from './quotas.service';

/** The next 00:00 UTC after now. */
const nextUtcMidnight = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

describe('daily preview quotas', () => {
  let running: RunningService;
  let database: pg.Pool;
  const newUser = () => crypto.randomUUID();
  const consume = (userId: string, kind: QuotaKind) => running.client.send(Subjects.billing.quotaConsume, { userId, kind });
  const account = (userId: string) => running.client.send(Subjects.billing.accountGet, { userId });
  const quotaOf = async (userId: string, kind: QuotaKind) => (await account(userId)).dailyQuotas.find((quota) => quota.kind === kind);

  async function consumeTimes(userId: string, kind: QuotaKind, count: number): Promise<void> {
    for (let index = 0; index < count; index++) await consume(userId, kind);
  }

  beforeAll(async () => {
    running = await startServiceForTest(billingService);
    database = new pg.Pool({ connectionString: running.settings.DATABASE_URL, max: 2 });
  });
  afterAll(async () => {
    await running.close();
    await database.end();
  });

  it('gives a free user 10 image previews a day, then QUOTA_EXCEEDED with the UI message and the seconds to 00:00 UTC', async () => {
    const user = newUser();
    expect(await consume(user, 'image')).toMatchObject({ kind: 'image', used: 1, limit: 10, remaining: 9, resetsAt: nextUtcMidnight() });
    await consumeTimes(user, 'image', 9);

    const refused = await consume(user, 'image').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({
      code: ErrorCode.QuotaExceeded,
      message: 'Daily limit of image previews reached, resets at 00:00 UTC',
      details: { kind: 'image', limit: 10, resetsAt: nextUtcMidnight() },
    });
    const { retryAfterSeconds } = (refused as ServiceError).details as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(86_400);

    // Each kind counts alone; the profile shows them all.
    expect(await consume(user, 'speech')).toMatchObject({ used: 1, limit: 30 });
    expect((await account(user)).dailyQuotas).toEqual([
      { kind: 'speech', used: 1, limit: 30, resetsAt: nextUtcMidnight() },
      { kind: 'image', used: 10, limit: 10, resetsAt: nextUtcMidnight() },
      { kind: 'script', used: 0, limit: 10, resetsAt: nextUtcMidnight() },
    ]);
    await expect(consume(user, 'video' as QuotaKind)).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it('gives a Premium user ten times the free limits', async () => {
    const user = newUser();
    await database.query(
      `insert into billing.account (user_id, subscription_status, subscription_plan, period_start, period_end)
       values ($1, 'active', 'Premium', now() - interval '1 day', now() + interval '29 days')`,
      [user],
    );
    expect(await quotaOf(user, 'script')).toMatchObject({ used: 0, limit: 100 });
    await consumeTimes(user, 'script', 100);
    await expect(consume(user, 'script')).rejects.toMatchObject({ code: ErrorCode.QuotaExceeded, details: { limit: 100 } });
    expect(await quotaOf(user, 'speech')).toMatchObject({ used: 0, limit: 300 });
  });

  it('grants exactly what is left to 20 concurrent requests', async () => {
    const user = newUser();
    await consumeTimes(user, 'script', 5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => consume(user, 'script')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: ErrorCode.QuotaExceeded });
    }
    expect(await quotaOf(user, 'script')).toMatchObject({ used: 10, limit: 10 });
  });

  describe('with the clock moved', () => {
    let orm: MikroORM;
    let now: Date;
    let quotas: QuotasService;

    beforeAll(async () => {
      orm = await MikroORM.init(ormConfig(running.settings.DATABASE_URL));
      const clock: Clock = { now: () => now };
      const em = orm.em.fork();
      quotas = new QuotasService(new QuotasRepository(em), new LedgerRepository(em), readEnv(BillingSettings), clock);
    });
    afterAll(() => orm.close());

    it('resets at 00:00 UTC: Retry-After counts to it, and the new day starts from zero', async () => {
      const user = newUser();
      now = new Date('2031-03-14T23:59:30.250Z');
      for (let index = 0; index < 10; index++) await quotas.consume(user, 'script');
      await expect(quotas.consume(user, 'script')).rejects.toMatchObject({
        code: ErrorCode.QuotaExceeded,
        details: { kind: 'script', limit: 10, resetsAt: '2031-03-15T00:00:00.000Z', retryAfterSeconds: 30 },
      });

      now = new Date('2031-03-15T00:00:00.000Z');
      expect(await quotas.consume(user, 'script')).toEqual({ kind: 'script', used: 1, limit: 10, remaining: 9, resetsAt: '2031-03-16T00:00:00.000Z' });
      expect(await quotas.today(user, false)).toContainEqual({ kind: 'script', used: 1, limit: 10, resetsAt: '2031-03-16T00:00:00.000Z' });
    });
  });
});
