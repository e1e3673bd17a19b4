import { defineConfig, MikroORM, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import type { ServiceName } from '@lipcast/contracts';
import { validateEnv } from './env';
import { ServiceSettings } from './settings';

export interface ServiceOrmOptions {
  schema: ServiceName | 'gateway';
  databaseUrl: string;
  entities: NonNullable<Options['entities']>;
  /** Explicit list (no glob discovery: it breaks under bundlers and differs across Node versions). */
  migrations: MigrationObject[];
}

/**
 * One ORM configuration per service, used by its module and its migrate step: its own PostgreSQL
 * schema for tables and migration history, explicit entity and migration lists.
 */
export function createOrmConfig(options: ServiceOrmOptions): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: options.databaseUrl,
    schema: options.schema,
    entities: options.entities,
    // An ORM that only runs migrations may have no entities of its own.
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: options.migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    // Only the migrate step may create the database; a serving process pointed at a wrong one must fail.
    ensureDatabase: false,
    pool: { min: 0, max: 10 },
    debug: false,
  });
}

/**
 * The deliberate migration step (run once per release, before the replicas start): creates the
 * database and the service's schema when missing and applies pending migrations. Returns the names applied.
 */
export async function runMigrations(config: Options, direction: 'up' | 'down' = 'up'): Promise<string[]> {
  const orm = await MikroORM.init({ ...config, ensureDatabase: true });
  try {
    await orm.connect();
    await orm.em.getConnection().execute(`create schema if not exists "${config.schema}"`);
    const applied = direction === 'up' ? await orm.migrator.up() : await orm.migrator.down();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

/** Body of each service's `migrate` entry point: apply pending migrations, report, exit. */
export async function migrateMain(service: string, config: (databaseUrl: string) => Options): Promise<void> {
  const settings = validateEnv(ServiceSettings);
  try {
    const applied = await runMigrations(config(settings.DATABASE_URL));
    console.log(`[${service}] migrations: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  } catch (error) {
    console.error(`[${service}] migrations failed:`, error);
    process.exit(1);
  }
}
