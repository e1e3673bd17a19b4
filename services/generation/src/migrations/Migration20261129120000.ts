import { Migration } from '@mikro-orm/migrations';

/** An uploaded picture's likeness consent (issue 35): the influencer project it starts points to it (older projects have none). */
export class Migration20261129120000 extends Migration {
  override name = 'Migration20261129120000';

  override up(): void {
    this.addSql('alter table "generation"."influencer_project" add column "consent_id" uuid null references "generation"."likeness_consent" ("id")');
  }

  override down(): void {
    this.addSql('alter table "generation"."influencer_project" drop column "consent_id"');
  }
}
