import type { InferKyselyDB } from '@mikro-orm/postgresql';
import { Kysely, PostgresDialect, sql, type Compilable, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { GATEWAY_SCHEMA, type gatewayEntities } from './mikro-orm.config';

/**
 * The gateway's tables as the typed query builder sees them, inferred from the entities: the
 * columns by their names in the database (`expires_at`), as MikroORM names a property's column.
 */
export type GatewayDatabase = InferKyselyDB<(typeof gatewayEntities)[number]>;

/**
 * The typed query builder over the gateway's tables, on the gateway's own pool, for the session
 * store and the rate-limit counters. They are on every request's path, so unlike the services'
 * `<service>Database(em)` it has no entity manager and no MikroORM plugin: the plugin's renaming
 * and value conversion cost more CPU per signed-in request than the whole query did in raw SQL
 * (measured in issue 20). A renamed column still fails the type-check. Values are as `pg` reads
 * and writes them: `Date` for timestamps, objects for `jsonb`.
 */
export const gatewayDatabase = (pool: pg.Pool) => new Kysely<GatewayDatabase>({ dialect: new PostgresDialect({ pool }) }).withSchema(GATEWAY_SCHEMA);

/**
 * A typed query built once, for the one query every signed-in request runs (the session read):
 * Kysely writes and type-checks its SQL at start-up, and each call only binds the values, in the
 * order the query takes them, straight on the pool: what raw SQL costs (building the query per call
 * cost about a third more gateway CPU per signed-in request, issue 20).
 */
export function builtOnce<Row>(pool: pg.Pool, query: Compilable<Row>): (values: readonly unknown[]) => Promise<Row[]> {
  const compiled = query.compile();
  return async (values) => (await pool.query(compiled.sql, [...values])).rows as Row[];
}

/** The database's clock as it runs on (not the statement's start), so a time is taken at the moment of its write. */
export const clockNow = (): RawBuilder<Date> => sql<Date>`clock_timestamp()`;

/** `milliseconds` from the database's clock now. */
export const clockPlus = (milliseconds: number): RawBuilder<Date> => sql<Date>`clock_timestamp() + make_interval(secs => ${milliseconds}::float8 / 1000)`;
