import { Migration } from '@mikro-orm/migrations';

/**
 * Jobs that can be judged stale: when the current attempt must be over (`deadline_at`) and when its
 * worker last said it was alive (`heartbeat_at`). At most one live One Shot run per user, so a
 * double submit can never reserve two credits.
 */
export class Migration20261124000000 extends Migration {
  override name = 'Migration20261124000000';

  override up(): void {
    this.addSql('alter table "generation"."job" add column "deadline_at" timestamptz null, add column "heartbeat_at" timestamptz null');
    // Runs started twice before this index existed: the older ones end, so the index can be built.
    this.addSql(`update "generation"."job" set "status" = 'failed', "error" = 'The generation was stopped.', "updated_at" = now()
      where "kind" = 'one_shot' and "status" in ('queued', 'running') and "id" not in (
        select distinct on ("user_id") "id" from "generation"."job"
        where "kind" = 'one_shot' and "status" in ('queued', 'running') order by "user_id", "created_at" desc)`);
    this.addSql(`create unique index "job_one_live_run_index" on "generation"."job" ("user_id")
      where "kind" = 'one_shot' and "status" in ('queued', 'running')`);
    this.addSql(`create index "job_live_index" on "generation"."job" ("status", "updated_at") where "status" in ('queued', 'running')`);
  }

  override down(): void {
    this.addSql('drop index if exists "generation"."job_live_index"');
    this.addSql('drop index if exists "generation"."job_one_live_run_index"');
    this.addSql('alter table "generation"."job" drop column "deadline_at", drop column "heartbeat_at"');
  }
}
