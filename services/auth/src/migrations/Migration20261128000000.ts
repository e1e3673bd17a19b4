import { Migration } from '@mikro-orm/migrations';

/**
 * Account deletion marks the user `deleting` before the other services delete (issue item 10):
 * from then on their API keys and sign-ins are refused. Expand-only: a new column with a default,
 * which the previous release neither reads nor writes.
 */
export class Migration20261128000000 extends Migration {
  override name = 'Migration20261128000000';

  override up(): void {
    this.addSql(`alter table "auth"."user" add column "status" varchar(16) not null default 'active'`);
  }

  override down(): void {
    this.addSql('alter table "auth"."user" drop column if exists "status"');
  }
}
