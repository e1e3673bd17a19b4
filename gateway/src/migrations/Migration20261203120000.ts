import { Migration } from '@mikro-orm/migrations';

/**
 * Data exports per user (`GET /api/account/export`): the count of the current UTC day and the lease of
 * the export being produced, shared by every gateway replica. Logged: the limit holds across a crash.
 */
export class Migration20261203120000 extends Migration {
  override name = 'Migration20261203120000';

  override up(): void {
    this.addSql(`create table "gateway"."account_export" (
      "user_id" uuid primary key,
      "exports" integer not null,
      "day_ends_at" timestamptz not null,
      "running_id" uuid null,
      "running_until" timestamptz null
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "gateway"."account_export"');
  }
}
