import { Migration } from '@mikro-orm/migrations';

/**
 * Jobs: one row per billable piece of work (a lip-sync, an image clip, a One Shot run). The queue
 * (JetStream) only carries job ids; the state, the result and the credit's fate live here.
 */
export class Migration20261123000000 extends Migration {
  override name = 'Migration20261123000000';

  override up(): void {
    this.addSql(`create table "generation"."job" (
      "id" uuid primary key,
      "user_id" uuid not null,
      "kind" text not null check ("kind" in ('lipsync', 'image_to_video', 'one_shot')),
      "status" text not null check ("status" in ('queued', 'running', 'succeeded', 'failed', 'canceled')),
      "progress" real not null default 0,
      "dedupe_key" varchar(200) null,
      "input" jsonb not null,
      "result" jsonb null,
      "error" text null,
      "credit" text not null check ("credit" in ('reserved', 'committed', 'released')),
      "attempts" integer not null default 0,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    // The same request (same user, same inputs) is the same job while it runs or once it succeeded.
    this.addSql(`create unique index "job_dedupe_index" on "generation"."job" ("user_id", "dedupe_key")
      where "dedupe_key" is not null and "status" in ('queued', 'running', 'succeeded')`);
    this.addSql('create index "job_user_index" on "generation"."job" ("user_id", "created_at" desc)');
    this.addSql('alter table "generation"."project" add column "job_id" uuid null');
  }

  override down(): void {
    this.addSql('alter table "generation"."project" drop column "job_id"');
    this.addSql('drop table if exists "generation"."job"');
  }
}
