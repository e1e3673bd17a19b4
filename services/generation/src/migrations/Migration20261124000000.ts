import { Migration } from '@mikro-orm/migrations';

/**
 * Jobs that can be judged stale: when the current attempt must be over (`deadline_at`) and when its
 * worker last said it was alive (`heartbeat_at`). A job can wait on a provider without a worker
 * (`waiting`), its provider calls recorded in `provider_call` and numbered per retry (`call_epoch`).
 * At most one live One Shot run per user, so a double submit can never reserve two credits.
 */
export class Migration20261124000000 extends Migration {
  override name = 'Migration20261124000000';

  override up(): void {
    this.addSql(`alter table "generation"."job"
      add column "deadline_at" timestamptz null,
      add column "heartbeat_at" timestamptz null,
      add column "call_epoch" integer not null default 0,
      drop constraint if exists "job_status_check",
      add constraint "job_status_check" check ("status" in ('queued', 'running', 'waiting', 'succeeded', 'failed', 'canceled'))`);
    this.addSql('drop index "generation"."job_dedupe_index"');
    this.addSql(`create unique index "job_dedupe_index" on "generation"."job" ("user_id", "dedupe_key")
      where "dedupe_key" is not null and "status" in ('queued', 'running', 'waiting', 'succeeded')`);
    // Runs started twice before this index existed: the older ones end, so the index can be built.
    this.addSql(`update "generation"."job" set "status" = 'failed', "error" = 'The generation was stopped.', "updated_at" = now()
      where "kind" = 'one_shot' and "status" in ('queued', 'running') and "id" not in (
        select distinct on ("user_id") "id" from "generation"."job"
        where "kind" = 'one_shot' and "status" in ('queued', 'running') order by "user_id", "created_at" desc)`);
    this.addSql(`create unique index "job_one_live_run_index" on "generation"."job" ("user_id")
      where "kind" = 'one_shot' and "status" in ('queued', 'running', 'waiting')`);
    this.addSql(`create index "job_live_index" on "generation"."job" ("status", "updated_at") where "status" in ('queued', 'running', 'waiting')`);

    this.addSql(`create table "generation"."provider_call" (
      "id" uuid primary key,
      "job_id" uuid not null references "generation"."job" ("id") on delete cascade,
      "call_key" varchar(200) not null,
      "provider" varchar(50) not null,
      "prediction_id" varchar(200) not null,
      "status" text not null check ("status" in ('pending', 'succeeded', 'failed', 'canceled')),
      "prediction" jsonb null,
      "created_at" timestamptz not null default now(),
      "deadline_at" timestamptz not null,
      "next_poll_at" timestamptz not null,
      "completed_at" timestamptz null
    )`);
    this.addSql('create unique index "provider_call_job_key_index" on "generation"."provider_call" ("job_id", "call_key")');
    this.addSql('create unique index "provider_call_prediction_index" on "generation"."provider_call" ("provider", "prediction_id")');
    this.addSql(`create index "provider_call_pending_index" on "generation"."provider_call" ("next_poll_at") where "status" = 'pending'`);
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."provider_call"');
    this.addSql('drop index if exists "generation"."job_live_index"');
    this.addSql('drop index if exists "generation"."job_one_live_run_index"');
    this.addSql('drop index "generation"."job_dedupe_index"');
    this.addSql(`create unique index "job_dedupe_index" on "generation"."job" ("user_id", "dedupe_key")
      where "dedupe_key" is not null and "status" in ('queued', 'running', 'succeeded')`);
    this.addSql(`alter table "generation"."job" drop column "deadline_at", drop column "heartbeat_at", drop column "call_epoch",
      drop constraint "job_status_check", add constraint "job_status_check" check ("status" in ('queued', 'running', 'succeeded', 'failed', 'canceled'))`);
  }
}
