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
  const database = gatewayPool(settings.DATABASE_URL, logger);
  const mediaLinks = settings.S3_PUBLIC_URL ? new MediaLinks({ ...settings, S3_PUBLIC_URL: settings.S3_PUBLIC_URL }) : null;
  return { storage, database, mediaLinks };
}

/**
 * The gateway's own pool: its tables (sessions, rate limits) live in its schema; it also backs the
 * readiness check. A connection that fails (PostgreSQL restarting, its backend terminated) must not
 * crash the process, idle or checked out: pg-pool listens only to idle clients, and the query
 * builder checks a client out between its statements, so each client gets a listener of its own.
 */
export function gatewayPool(databaseUrl: string, logger: Pick<Logger, 'warn'>): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: 2000 });
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection failed'));
  pool.on('connect', (client) => client.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL connection failed')));
  return pool;
}
