import { Migration } from '@mikro-orm/migrations';

/**
 * One moderation state per influencer (issue 32): `visible`, `in_review` or `removed`, with the reason
 * its owner reads, when an operator last decided, and the owner's one appeal; each report's weight in
 * thirds. Items that the old rule hid (3 reports or more) start in review, so none comes back unseen.
 */
export class Migration20261129010000 extends Migration {
  override name = 'Migration20261129010000';

  override up(): void {
    this.addSql(`alter table "generation"."influencer_project"
      add column "moderation" text not null default 'visible' check ("moderation" in ('visible', 'in_review', 'removed')),
      add column "moderation_reason" text null,
      add column "moderated_at" timestamptz null,
      add column "appeal" text null,
      add column "appealed_at" timestamptz null`);
    this.addSql('alter table "generation"."influencer_report" add column "weight_thirds" integer not null default 3');
    this.addSql(`update "generation"."influencer_project" p set "moderation" = 'in_review',
      "moderation_reason" = 'Several people reported it. It is out of the gallery until an operator reviews it.'
      where (select count(*) from "generation"."influencer_report" r where r."project_id" = p."id") >= 3`);
  }

  override down(): void {
    this.addSql('alter table "generation"."influencer_report" drop column "weight_thirds"');
    this.addSql(`alter table "generation"."influencer_project"
      drop column "moderation", drop column "moderation_reason", drop column "moderated_at", drop column "appeal", drop column "appealed_at"`);
  }
}
