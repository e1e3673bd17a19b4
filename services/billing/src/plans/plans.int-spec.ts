import { pingSubject, Subjects } from '@lipcast/contracts';
import { startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../service';

describe('billing.plans.list.v1', () => {
  let running: RunningService;

  beforeAll(async () => {
    running = await startServiceForTest(billingService);
  });
  afterAll(() => running.close());

  it('lists the seeded monthly plan and the one-time pack', async () => {
    const plans = await running.client.send(Subjects.billing.plansList, {});
    expect(plans.map(({ name, price, interval, generationsLimit, isActive }) => ({ name, price, interval, generationsLimit, isActive }))).toEqual([
      { name: 'Premium', price: 2900, interval: 'month', generationsLimit: 60, isActive: true },
      { name: 'Extra Generations', price: 2000, interval: 'once', generationsLimit: 15, isActive: true },
    ]);
  });

  it('answers the readiness ping with its database up', async () => {
    expect(await running.client.send(pingSubject('billing'), {})).toMatchObject({ service: 'billing', database: 'up' });
  });
});
