import { Migration } from '@mikro-orm/migrations';

/** Newsletter issues: what an operator sent to the confirmed subscribers, and how far the sending got. */
export class Migration20261128120000 extends Migration {
  override name = 'Migration20261128120000';

  override up(): void {
    this.addSql(`create table "content"."newsletter_issue" (
      "id" serial primary key,
      "subject" varchar(150) not null,
      "body" text not null,
      "created_by" uuid not null,
      "created_at" timestamptz not null default now(),
      "sent_count" int not null default 0,
      "recipient_count" int not null default 0,
      "finished_at" timestamptz null
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "content"."newsletter_issue"');
  }
}
