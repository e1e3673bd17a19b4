import { Migration } from '@mikro-orm/migrations';

/**
 * Public API videos (one row per video, its id its job's) and the idempotency keys of their creates
 * (one per user and key, kept 24 h). Both go with their job: deleting a user's jobs deletes them.
 */
export class Migration20261126230000 extends Migration {
  override name = 'Migration20261126230000';

  override up(): void {
    this.addSql(`create table "generation"."video" (
      "id" uuid primary key references "generation"."job" ("id") on delete cascade,
      "user_id" uuid not null,
      "actor_id" varchar(100) null,
      "influencer_id" integer null,
      "metadata" jsonb null,
      "webhook_url" text null,
      "created_at" timestamptz not null default date_trunc('milliseconds', now())
    )`);
    this.addSql('create index "video_user_index" on "generation"."video" ("user_id", "created_at" desc, "id" desc)');
    this.addSql(`create table "generation"."idempotency_key" (
      "user_id" uuid not null,
      "key" varchar(255) not null,
      "request_hash" varchar(64) not null,
      "video_id" uuid null references "generation"."video" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("user_id", "key")
    )`);
    this.addSql('create index "idempotency_key_created_index" on "generation"."idempotency_key" ("created_at")');
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."idempotency_key"');
    this.addSql('drop table if exists "generation"."video"');
  }
}
