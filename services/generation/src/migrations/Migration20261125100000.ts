import { Migration } from '@mikro-orm/migrations';

/** Reports of gallery influencers: one per reporter and project; they go with the project. */
export class Migration20261125100000 extends Migration {
  override name = 'Migration20261125100000';

  override up(): void {
    this.addSql(`create table "generation"."influencer_report" (
      "id" serial primary key,
      "project_id" integer not null references "generation"."influencer_project" ("id") on delete cascade,
      "reporter" varchar(100) not null,
      "reason" varchar(20) not null check ("reason" in ('likeness', 'impersonation', 'offensive', 'other')),
      "contact" varchar(200) null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create unique index "influencer_report_reporter_index" on "generation"."influencer_report" ("project_id", "reporter")');
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."influencer_report"');
  }
}
