import { Migration } from '@mikro-orm/migrations';

/**
 * Influencers are private to their creator until published with consent (a deliberate change from
 * the spec, see ARCHITECTURE.md): the name given and when consent was recorded. No consent was ever
 * recorded for what the gallery showed until now, so every influencer becomes private; their public
 * copies in the object store are removed by the generation service when it starts
 * (`InfluencersService.withdrawUnpublished`). Owners can publish again.
 */
export class Migration20261125000000 extends Migration {
  override name = 'Migration20261125000000';

  override up(): void {
    this.addSql(`alter table "generation"."influencer_project"
      add column "name" varchar(60) null,
      add column "consented_at" timestamptz null`);
    this.addSql('update "generation"."influencer_project" set "approved" = false where "approved"');
  }

  override down(): void {
    this.addSql('alter table "generation"."influencer_project" drop column "name", drop column "consented_at"');
  }
}
