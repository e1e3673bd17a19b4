import type { Configuration } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/sql';
import { Migration20261122000000 } from './Migration20261122000000';

describe('the plans seed (Migration20261122000000, from contracts\' plan facts)', () => {
  // Applied databases ran this SQL: a change of the facts gets a migration of its own, never a change here.
  it('queues the insert it was first applied with', async () => {
    const migration = new Migration20261122000000({} as AbstractSqlDriver, {} as Configuration);
    await migration.up();
    expect(migration.getQueries()[1]).toBe(`insert into "billing"."plan" ("name", "description", "price", "interval", "is_active", "generations_limit") values
      ('Premium', '60 generations every month, with full access to all features.', 2900, 'month', true, 60),
      ('Extra Generations', 'A one-time pack of 15 generations that never expire.', 2000, 'once', true, 15)`);
  });
});
