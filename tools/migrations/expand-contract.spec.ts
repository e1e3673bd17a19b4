import type { Configuration } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { AbstractSqlDriver } from '@mikro-orm/sql';
import { contractionsOf, REVIEWED_CONTRACTIONS, type Contraction } from './expand-contract';
import { migrationsOf, SCHEMAS } from './schemas';

type MigrationClass = new (driver: AbstractSqlDriver, config: Configuration) => Migration;

/** The SQL a checked-in migration's `up` queues, without a database (addSql only collects it). */
async function upSql(migration: MigrationClass): Promise<string[]> {
  const instance = new migration({} as AbstractSqlDriver, {} as Configuration);
  await instance.up();
  return instance.getQueries().map((query) => {
    if (typeof query !== 'string') throw new Error(`${migration.name}: only SQL strings are checked; write the migration with addSql('…')`);
    return query;
  });
}

describe('migrations only expand (expand-then-contract)', () => {
  it('finds contractions in SQL and lets additions through', () => {
    expect(
      contractionsOf([
        'create table "s"."t" ("id" uuid primary key, "name" text not null)',
        'create unique index "t_name" on "s"."t" ("name")',
        'alter table "s"."old" add column "note" text null, add column "tries" integer not null default 0',
        'create index "old_note" on "s"."old" ("note")',
        `update "s"."old" set "note" = 'x'`,
        'alter table "s"."old" alter column "note" drop not null',
      ]),
    ).toEqual([]);
    expect(
      contractionsOf([
        'alter table "s"."old" add column "must" text not null',
        'alter table "s"."old" drop column "gone", rename column "a" to "b"',
        'alter table "s"."old" alter column "n" type bigint, alter column "m" set not null, alter column "k" drop default',
        'alter table "s"."old" add constraint "old_n_check" check ("n" > 0)',
        'create unique index "old_u" on "s"."old" ("u")',
        'drop index "s"."old_u"',
        'drop table if exists "s"."gone"',
        'delete from "s"."old"',
        'vacuum "s"."old"',
      ]),
    ).toEqual([
      'add not null column without default s.old.must',
      'drop column s.old.gone',
      'rename s.old: rename column a to b',
      'alter type s.old.n',
      'set not null s.old.m',
      'drop default s.old.k',
      'add constraint s.old.old_n_check',
      'create unique index s.old.old_u',
      'drop index s.old_u',
      'drop table s.gone',
      'delete from s.old',
      'unclassified: vacuum s.old',
    ]);
  });

  it('every checked-in migration only adds, or its contraction was reviewed (and every review still applies)', async () => {
    const found: Contraction[] = [];
    for (const { schema, ormConfig } of SCHEMAS) {
      for (const { name, class: migration } of migrationsOf(ormConfig)) {
        for (const finding of contractionsOf(await upSql(migration as MigrationClass))) found.push({ migration: `${schema}:${name}`, finding });
      }
    }
    const key = ({ migration, finding }: Contraction) => `${migration} ${finding}`;
    const reviewed = new Set(REVIEWED_CONTRACTIONS.map(key));
    // A contraction here breaks the previous release's pods during a rollout: split it into an
    // expand migration now and a contract migration in a later release (ARCHITECTURE.md).
    expect(found.filter((contraction) => !reviewed.has(key(contraction))).map(key)).toEqual([]);
    const stillFound = new Set(found.map(key));
    expect(REVIEWED_CONTRACTIONS.filter((entry) => !stillFound.has(key(entry))).map(key)).toEqual([]);
  });

  it('checks the newest migrations: every schema lists its migrations in name order, as the migrate step applies them', () => {
    for (const { schema, ormConfig } of SCHEMAS) {
      const names = migrationsOf(ormConfig).map((migration) => migration.name);
      expect({ schema, names }).toEqual({ schema, names: [...names].sort() });
      expect(names.length).toBeGreaterThan(0);
    }
  });
});
