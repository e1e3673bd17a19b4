import { Migration } from '@mikro-orm/migrations';

/**
 * Daily quotas of the free previews (speech, portraits, scripts): one row per user, kind and UTC day,
 * counted up atomically by `insert … on conflict … do update … where used < limit`, so every replica
 * of every service shares one count.
 */
export class Migration20261201100000 extends Migration {
  override name = 'Migration20261201100000';

  override up(): void {
    this.addSql(`create table "billing"."daily_usage" (
      "user_id" uuid not null,
      "kind" text not null check ("kind" in ('speech', 'image', 'script')),
      "day" date not null,
      "used" integer not null check ("used" >= 0),
      primary key ("user_id", "kind", "day")
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "billing"."daily_usage"');
  }
}
