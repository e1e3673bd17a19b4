import { Migration } from '@mikro-orm/migrations';

/**
 * A deleted account leaves only the keyed hash of its identity and the free generations it used, so
 * deleting and signing up again does not renew them (issue item 10). A new table: expand-only.
 */
export class Migration20261129000000 extends Migration {
  override name = 'Migration20261129000000';

  override up(): void {
    this.addSql(`create table "auth"."deleted_identity" (
      "identity_hash" varchar(64) primary key,
      "free_used" integer not null check ("free_used" >= 0),
      "deleted_at" timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "auth"."deleted_identity"');
  }
}
