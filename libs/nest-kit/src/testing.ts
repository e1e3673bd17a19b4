import type { INestMicroservice } from '@nestjs/common';
import { readEnv } from './env';
import { runMigrations } from './orm';
import { ServiceClient } from './service-client';
import type { ServiceDefinition } from './service-definition';
import { bootstrapService } from './service-server';
import { ServiceSettings } from './settings';

export interface RunningService {
  client: ServiceClient;
  settings: ServiceSettings;
  close(): Promise<void>;
}

/**
 * For integration tests: migrates the service's schema, starts the service in this process on the
 * NATS and database of the environment, and connects a client to it.
 */
export async function startServiceForTest(service: ServiceDefinition): Promise<RunningService> {
  const settings = readEnv(service.settings);
  await runMigrations(service.ormConfig(settings.DATABASE_URL));
  const app: INestMicroservice = await bootstrapService(service.module(settings), service.name, settings.NATS_URL);
  const client = await ServiceClient.connect(settings.NATS_URL);
  return {
    client,
    settings,
    close: async () => {
      await client.close();
      await app.close();
    },
  };
}
