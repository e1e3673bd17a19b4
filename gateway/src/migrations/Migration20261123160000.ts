import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit counters shared by every gateway replica (one row per limit, route and client).
 * Unlogged: a counter is worth no write-ahead log, and losing them in a crash only resets the windows.
 */
export class Migration20261123160000 extends Migration {
  override name = 'Migration20261123160000';

  override up(): void {
    this.addSql(`create unlogged table "gateway"."rate_limit" (
      "key" varchar(128) primary key,
      "hits" integer not null,
      "window_ends_at" timestamptz not null
    )`);
    this.addSql('create index "rate_limit_window_ends_at_index" on "gateway"."rate_limit" ("window_ends_at")');
  }

  override down(): void {
    this.addSql('drop table if exists "gateway"."rate_limit"');
  }
}
