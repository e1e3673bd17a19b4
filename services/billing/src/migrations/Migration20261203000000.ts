import { Migration } from '@mikro-orm/migrations';

/**
 * Deleting an account and signing up again does not renew the free generations (issue item 10): a
 * returning identity's new account starts with the free generations its deleted one used. Expand-only:
 * a new column with a default, which the previous release neither reads nor writes.
 */
export class Migration20261203000000 extends Migration {
  override name = 'Migration20261203000000';

  override up(): void {
    this.addSql('alter table "billing"."account" add column "free_used_before" integer not null default 0');
  }

  override down(): void {
    this.addSql('alter table "billing"."account" drop column if exists "free_used_before"');
  }
}
