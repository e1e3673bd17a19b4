import { Migration } from '@mikro-orm/migrations';

/**
 * Honest waits: each engine's moving real-time factor per kind of job, provider and format, and when
 * a job's run first began (its remaining time narrows with its progress).
 */
export class Migration20261128041500 extends Migration {
  override name = 'Migration20261128041500';

  override up(): void {
    this.addSql(`create table "generation"."real_time_factor" (
      "kind" text not null,
      "provider" varchar(50) not null,
      "format" varchar(50) not null,
      "factor" double precision not null,
      "output_seconds" double precision not null,
      "samples" integer not null,
      "updated_at" timestamptz not null,
      primary key ("kind", "provider", "format")
    )`);
    this.addSql('alter table "generation"."job" add column "started_at" timestamptz null');
    // The queue position counts the queued jobs ahead in a lane, oldest first.
    this.addSql(`create index "job_queued_index" on "generation"."job" ("updated_at", "id") where "status" = 'queued'`);
  }

  override down(): void {
    this.addSql('drop index if exists "generation"."job_queued_index"');
    this.addSql('alter table "generation"."job" drop column if exists "started_at"');
    this.addSql('drop table if exists "generation"."real_time_factor"');
  }
}
