import { randomUUID } from 'node:crypto';
import type { MigrationObject } from '@mikro-orm/core';
import { Migration, Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import { databaseName, DEFAULT_DATABASE_URL, ensureDatabase, withDatabase } from '@lipcast/tools/lib/infra.ts';
import { WRITTEN_ONLY_BY_MIGRATIONS } from './expand-contract';
import { migrationsOf, SCHEMAS } from './schemas';

/**
 * A rolling deploy, migration by migration: the schema as the previous release left it, rows
 * written the way its code can write them (every column it knew, or only the required ones), then
 * the next migration; the previous release's reads of those rows and its writes must still work.
 * The "old code" is derived from the old schema itself, so every table and column is covered
 * without a hand-kept list of queries.
 */

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  serial: boolean;
  hasDefault: boolean;
  maxLength: number | null;
  /** The first value a single-column check allows (`status in ('queued', …)`), when it lists values. */
  allowed?: string;
  /** The column a foreign key points at: `<table>.<column>`. */
  references?: { table: string; column: string };
}

interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
}

/** A database of its own beside the run's (the test replays every schema's history from the start). */
const runDatabaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const databaseUrl = withDatabase(runDatabaseUrl, `${databaseName(runDatabaseUrl)}_rolling`);

jest.setTimeout(60_000);

/** The tables of a schema as they are now (the previous release's shape, before the next migration). */
async function shapeOf(client: pg.Client, schema: string): Promise<Table[]> {
  const columns = await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null; character_maximum_length: number | null }>(
    `select table_name, column_name, udt_name, is_nullable, column_default, character_maximum_length from information_schema.columns
     where table_schema = $1 and table_name <> 'mikro_orm_migrations' order by table_name, ordinal_position`,
    [schema],
  );
  const checks = await client.query<{ table: string; column: string; definition: string }>(
    `select c.relname as table, a.attname as column, pg_get_constraintdef(k.oid) as definition
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
     where n.nspname = $1 and k.contype = 'c' and cardinality(k.conkey) = 1`,
    [schema],
  );
  const keys = await client.query<{ table: string; column: string; type: string; ref_table: string | null; ref_column: string | null }>(
    `select c.relname as table, a.attname as column, k.contype as type, fc.relname as ref_table, fa.attname as ref_column
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     cross join lateral unnest(k.conkey) with ordinality as key(attnum, position)
     join pg_attribute a on a.attrelid = c.oid and a.attnum = key.attnum
     left join pg_class fc on fc.oid = k.confrelid
     left join pg_attribute fa on fa.attrelid = fc.oid and fa.attnum = k.confkey[key.position]
     where n.nspname = $1 and k.contype in ('p', 'f') order by key.position`,
    [schema],
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], primaryKey: [] };
    tables.set(row.table_name, table);
    const allowed = checks.rows.find((check) => check.table === row.table_name && check.column === row.column_name && /ARRAY\['/.test(check.definition));
    const reference = keys.rows.find((key) => key.table === row.table_name && key.column === row.column_name && key.type === 'f');
    table.columns.push({
      name: row.column_name,
      type: row.udt_name,
      nullable: row.is_nullable === 'YES',
      serial: row.column_default?.startsWith('nextval(') ?? false,
      hasDefault: row.column_default !== null,
      maxLength: row.character_maximum_length,
      allowed: allowed ? /ARRAY\['([^']*)'/.exec(allowed.definition)![1] : undefined,
      references: reference ? { table: reference.ref_table!, column: reference.ref_column! } : undefined,
    });
  }
  for (const key of keys.rows.filter((row) => row.type === 'p')) tables.get(key.table)?.primaryKey.push(key.column);
  // Parents before children, so a foreign key can point at the row just written.
  const ordered: Table[] = [];
  const visit = (table: Table) => {
    if (ordered.includes(table)) return;
    for (const column of table.columns) if (column.references && column.references.table !== table.name) visit(tables.get(column.references.table)!);
    ordered.push(table);
  };
  for (const table of tables.values()) visit(table);
  return ordered;
}

let counter = 0;
/** A value old code could write into the column: unique where it matters, within checks and lengths. */
function sampleValue(column: Column, parents: Map<string, Record<string, unknown>>): unknown {
  if (column.references) return parents.get(column.references.table)?.[column.references.column];
  // An array column (PostgreSQL names its type `_<element>`): one element, as its check allows.
  if (column.type.startsWith('_')) return [column.allowed ?? sampleValue({ ...column, type: column.type.slice(1), allowed: undefined }, parents)];
  if (column.allowed !== undefined) return column.allowed;
  switch (column.type) {
    case 'uuid':
      return randomUUID();
    case 'int2':
    case 'int4':
    case 'int8':
    case 'float4':
    case 'float8':
    case 'numeric':
      return 1;
    case 'bool':
      return false;
    case 'json':
    case 'jsonb':
      return JSON.stringify({ sample: counter });
    case 'timestamptz':
    case 'timestamp':
      return new Date(Date.UTC(2026, 0, 1, 0, 0, counter++));
    case 'date':
      return '2026-01-01';
    default:
      return `v${++counter}`.slice(0, column.maxLength ?? undefined);
  }
}

/**
 * Writes one row per table as old code can: with every column it knew (but serial ids), or with only
 * the columns that need a value. Failures come back as `insert into <schema>.<table>: <error>`.
 */
async function writeOldRows(client: pg.Client, schema: string, tables: Table[], failures: Map<string, string>): Promise<void> {
  for (const variant of ['every column', 'required columns'] as const) {
    const parents = new Map<string, Record<string, unknown>>();
    for (const table of tables) {
      if (WRITTEN_ONLY_BY_MIGRATIONS.some((entry) => entry.table === `${schema}.${table.name}`)) continue;
      const columns = table.columns.filter((column) => !column.serial && (variant === 'every column' || (!column.nullable && !column.hasDefault)));
      const values = columns.map((column) => sampleValue(column, parents));
      const names = columns.map((column) => `"${column.name}"`).join(', ');
      const sql = columns.length
        ? `insert into "${schema}"."${table.name}" (${names}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning *`
        : `insert into "${schema}"."${table.name}" default values returning *`;
      try {
        await client.query('savepoint old_write');
        parents.set(table.name, (await client.query(sql, values)).rows[0]);
        await client.query('release savepoint old_write');
      } catch (error) {
        await client.query('rollback to savepoint old_write');
        failures.set(`insert into ${schema}.${table.name}`, `(${variant}) ${(error as Error).message}`);
      }
    }
  }
}

/** Every row of every table, as old code reads them: only the columns it knew, in primary-key order. */
async function readOldRows(client: pg.Client, schema: string, tables: Table[]): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for (const table of tables) {
    const names = table.columns.map((column) => `"${column.name}"`).join(', ');
    const order = table.primaryKey.map((column) => `"${column}"`).join(', ');
    const result = await client.query(`select ${names} from "${schema}"."${table.name}"${order ? ` order by ${order}` : ''}`);
    rows.set(table.name, result.rows.map((row) => JSON.stringify(row)));
  }
  return rows;
}

/**
 * Replays a schema's migrations one by one with the previous release's reads and writes around each;
 * returns what broke (empty when every migration after the first only expanded).
 */
async function replayRollout(schema: string, ormConfig: (url: string) => Options): Promise<string[]> {
  const migrations = migrationsOf(ormConfig).map((migration) => migration.name);
  const orm = await MikroORM.init({ ...ormConfig(databaseUrl), ensureDatabase: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const unexpected: string[] = [];
  try {
    await orm.em.getConnection().execute(`create schema if not exists "${schema}"`);
    await orm.migrator.up({ to: migrations[0] });
    for (const migration of migrations.slice(1)) {
      const tables = await shapeOf(client, schema);
      const failures = new Map<string, string>();
      await client.query('begin');
      await writeOldRows(client, schema, tables, failures);
      await client.query('commit');
      // The old shape itself must take these writes, or the test models old code wrongly.
      for (const [finding, error] of failures) unexpected.push(`${schema} before ${migration}: ${finding} fails already: ${error}`);
      const before = await readOldRows(client, schema, tables);

      const label = `${schema}:${migration}`;
      try {
        await orm.migrator.up({ to: migration });
      } catch (error) {
        unexpected.push(`${label}: the migration fails on rows the previous release wrote: ${(error as Error).message}`);
        break;
      }

      const after = await readOldRows(client, schema, tables).catch((error: Error) => {
        unexpected.push(`${label}: old read fails: ${error.message}`);
        return null;
      });
      for (const [table, rows] of before) {
        const changed = rows.filter((row) => !after?.get(table)?.includes(row));
        if (after && changed.length) unexpected.push(`${label}: ${changed.length} row(s) of ${schema}.${table} read differently, e.g. ${changed[0]}`);
      }
      const failuresAfter = new Map<string, string>();
      await client.query('begin');
      await writeOldRows(client, schema, tables, failuresAfter);
      await client.query('commit');
      for (const [finding, error] of failuresAfter) if (!failures.has(finding)) unexpected.push(`${label}: old ${finding} fails: ${error}`);
    }
  } finally {
    await client.end();
    await orm.close(true);
  }
  return unexpected;
}

/** Made-up migrations that break the previous release in the ways the rule forbids: the replay must catch each. */
class DemoCreate extends Migration {
  override up(): void {
    this.addSql(`create table "rolling_demo"."item" ("id" serial primary key, "name" text not null, "note" text null, "status" text not null check ("status" in ('new', 'done')))`);
  }
}
class DemoRename extends Migration {
  override up(): void {
    this.addSql('alter table "rolling_demo"."item" rename column "name" to "title"');
  }
}
class DemoRequire extends Migration {
  override up(): void {
    this.addSql(`alter table "rolling_demo"."item" add column "owner" text not null default 'nobody'`);
    this.addSql('alter table "rolling_demo"."item" alter column "owner" drop default');
  }
}
class DemoNarrow extends Migration {
  override up(): void {
    this.addSql(`update "rolling_demo"."item" set "status" = 'done', "note" = 'rewritten'`);
    this.addSql(`alter table "rolling_demo"."item" drop constraint "item_status_check", add constraint "item_status_check" check ("status" in ('done'))`);
  }
}
const demoConfig = (migrations: MigrationObject[]) => (url: string): Options =>
  defineConfig({
    clientUrl: url,
    schema: 'rolling_demo',
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { tableName: 'mikro_orm_migrations', migrationsList: migrations, snapshot: false, silent: true },
  });

describe('rolling deploy: the previous release keeps working against each new migration', () => {
  beforeAll(() => ensureDatabase(databaseUrl, { fresh: true }));
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName(databaseUrl)} with (force)`);
    await admin.end();
  });

  it.each(SCHEMAS.map(({ schema, ormConfig }) => [schema, ormConfig] as const))(
    '%s: old reads see the same rows and old writes still succeed after every migration but the first',
    async (schema, ormConfig: (url: string) => Options) => {
      expect(await replayRollout(schema, ormConfig)).toEqual([]);
    },
  );

  it('catches a migration that renames, requires a new column, narrows a check or rewrites what old code reads', async () => {
    const replayDemo = async (second: new (...args: ConstructorParameters<typeof DemoCreate>) => Migration) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('drop schema if exists rolling_demo cascade');
      await client.end();
      return replayRollout('rolling_demo', demoConfig([{ name: 'Migration1', class: DemoCreate }, { name: 'Migration2', class: second }]));
    };
    expect(await replayDemo(DemoRename)).toEqual([
      expect.stringMatching(/^rolling_demo:Migration2: old read fails: column "name" does not exist/),
      expect.stringMatching(/^rolling_demo:Migration2: old insert into rolling_demo.item fails: .*column "name" .*does not exist/),
    ]);
    expect(await replayDemo(DemoRequire)).toEqual([expect.stringMatching(/^rolling_demo:Migration2: old insert into rolling_demo.item fails: .*null value in column "owner"/)]);
    expect(await replayDemo(DemoNarrow)).toEqual([
      expect.stringMatching(/^rolling_demo:Migration2: 2 row\(s\) of rolling_demo.item read differently/),
      expect.stringMatching(/^rolling_demo:Migration2: old insert into rolling_demo.item fails: .*item_status_check/),
    ]);
  });

  it('leaves out only tables that exist (the list of tables only migrations write is not stale)', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const { table } of WRITTEN_ONLY_BY_MIGRATIONS) {
        const [schema, name] = table.split('.');
        const { rowCount } = await client.query('select 1 from information_schema.tables where table_schema = $1 and table_name = $2', [schema, name]);
        expect({ table, exists: rowCount === 1 }).toEqual({ table, exists: true });
      }
    } finally {
      await client.end();
    }
  });
});
