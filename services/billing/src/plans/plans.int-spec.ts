import type { INestMicroservice } from '@nestjs/common';
import { Subjects, type Plan } from '@lipcast/contracts';
import { bootstrapService, readEnv, runMigrations, ServiceClient, ServiceSettings } from '@lipcast/nest-kit';
import { AppModule } from '../app.module';
import { ormConfig, SERVICE } from '../mikro-orm.config';

const settings = readEnv(ServiceSettings);

describe('billing.plans.list.v1', () => {
  let service: INestMicroservice;
  let client: ServiceClient;

  beforeAll(async () => {
    await runMigrations(ormConfig(settings.DATABASE_URL));
    service = await bootstrapService(AppModule.forRoot(settings), SERVICE, settings.NATS_URL);
    client = await ServiceClient.connect(settings.NATS_URL);
  });

  afterAll(async () => {
    await client.close();
    await service.close();
  });

  it('lists the seeded monthly plan and the one-time pack', async () => {
    const plans = await client.send<Plan[]>(Subjects.billing.plansList, {});
    expect(plans.map(({ name, price, interval, generationsLimit, isActive }) => ({ name, price, interval, generationsLimit, isActive }))).toEqual([
      { name: 'Premium', price: 2900, interval: 'month', generationsLimit: 60, isActive: true },
      { name: 'Extra Generations', price: 2000, interval: 'once', generationsLimit: 15, isActive: true },
    ]);
  });

  it('answers the readiness ping with its database up', async () => {
    expect(await client.send(`${SERVICE}.health.ping.v1`, {})).toMatchObject({ service: 'billing', database: 'up' });
  });
});
