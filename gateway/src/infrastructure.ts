import pg from 'pg';
import type { Logger } from 'pino';
import { MediaLinks, StorageService } from '@lipcast/nest-kit';
import type { GatewaySettings } from './settings';

/** Connections the gateway holds besides NATS, created once at start (AppModule ends the pool at shutdown). */
export interface Infrastructure {
  storage: StorageService;
  database: pg.Pool;
  /** Presigned links at the store's public address; null when `S3_PUBLIC_URL` is unset (the gateway streams media itself). */
  mediaLinks: MediaLinks | null;
}

export async function connectInfrastructure(settings: GatewaySettings, logger: Logger): Promise<Infrastructure> {
  const storage = new StorageService(settings);
  await storage.ensureBucket();
  // The gateway's own tables (sessions) live in its schema; the pool also backs the readiness check.
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 5, connectionTimeoutMillis: 2000 });
  // An idle client losing its connection (PostgreSQL restarting) must not crash the process.
  database.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection failed'));
  const mediaLinks = settings.S3_PUBLIC_URL ? new MediaLinks({ ...settings, S3_PUBLIC_URL: settings.S3_PUBLIC_URL }) : null;
  return { storage, database, mediaLinks };
}
