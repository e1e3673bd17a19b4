import type { INestMicroservice } from '@nestjs/common';
import { readEnv } from './env';
import { runMigrations } from './orm';
import { ServiceClient } from './service-client';
import type { ServiceDefinition } from './service-definition';
import { bootstrapService } from './service-server';
import { ServiceSettings } from './settings';

export interface RunningService {
  /** The Nest application, for tests that drive one of its providers directly. */
  app: INestMicroservice;
  client: ServiceClient;
  settings: ServiceSettings;
  close(): Promise<void>;
}

/**
 * For integration tests: migrates the service's schema, starts the service in this process on the
 * NATS and database of the environment (`env` overrides some of it, e.g. NATS credentials), and
 * connects a client to it as the same NATS user.
 */
export async function startServiceForTest(service: ServiceDefinition, env: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  const settings = readEnv(service.settings, { ...process.env, ...env });
  await runMigrations(service.ormConfig(settings.DATABASE_URL));
  const app: INestMicroservice = await bootstrapService(service.module(settings), service.name, settings);
  const client = await ServiceClient.connect(settings, undefined, `lipcast-${service.name}-test-client`, service.name);
  return {
    app,
    client,
    settings,
    close: async () => {
      await client.close();
      await app.close();
    },
  };
}
