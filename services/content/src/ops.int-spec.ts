import type { INestMicroservice } from '@nestjs/common';
import { bootstrapService, readEnv, runMigrations, startServiceOps, type OpsListener } from '@lipcast/nest-kit';
import { contentService } from './service';

/** Every service process has an operator-only listener, here the content service's (as `runService` starts it). */
describe('content service ops listener', () => {
  const settings = readEnv(contentService.settings, { ...process.env, OPS_PORT: '0', OPS_TOKEN: 'content-ops-token-0123' });
  const authorized = { headers: { authorization: 'Bearer content-ops-token-0123' } };
  let app: INestMicroservice;
  let ops: OpsListener;

  beforeAll(async () => {
    await runMigrations(contentService.ormConfig(settings.DATABASE_URL));
    app = await bootstrapService(contentService.module(settings), contentService.name, settings);
    ops = await startServiceOps(app, contentService.name, settings);
  });
  afterAll(async () => {
    await ops?.close();
    await app?.close();
  });

  it('listens on loopback and needs the token', async () => {
    expect(ops.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${ops.url}/healthz`)).status).toBe(401);
    expect((await fetch(`${ops.url}/healthz`, authorized)).status).toBe(200);
  });

  it('is ready while its database and NATS answer, and says so in its status', async () => {
    expect((await fetch(`${ops.url}/readyz`, authorized)).status).toBe(200);
    const status = await (await fetch(`${ops.url}/status`, authorized)).json();
    expect(status).toMatchObject({ process: 'content', ready: true, dependencies: { postgres: { ok: true }, nats: { ok: true } } });
    // The content service keeps no media: no object store check.
    expect(Object.keys(status.dependencies).sort()).toEqual(['nats', 'postgres']);
  });
});
