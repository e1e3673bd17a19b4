import pg from 'pg';
import { ServiceClient, StorageService } from '@lipcast/nest-kit';
import { GatewaySettings } from './settings';

/** Connections the gateway holds, created once at start and closed at shutdown. */
export interface Infrastructure {
  services: ServiceClient;
  storage: StorageService;
  database: pg.Pool;
}

export async function connectInfrastructure(settings: GatewaySettings): Promise<Infrastructure> {
  const services = await ServiceClient.connect(settings.NATS_URL, settings.NATS_REQUEST_TIMEOUT_MS);
  const storage = new StorageService(settings);
  await storage.ensureBucket();
  // The gateway's own tables (sessions) live in its schema; the pool also backs the readiness check.
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 5 });
  return { services, storage, database };
}

export async function closeInfrastructure(infrastructure: Infrastructure): Promise<void> {
  await infrastructure.services.close();
  await infrastructure.database.end();
}
