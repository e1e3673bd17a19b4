import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds and disputes: a pack grant records when its payment was taken back and how many of its
 * credits were still there to revoke (credits already used stay used). A revocation that arrives
 * before the grant inserts the row already revoked, so the late grant adds nothing.
 */
export class Migration20261201000000 extends Migration {
  override name = 'Migration20261201000000';

  override up(): void {
    this.addSql('alter table "billing"."pack_grant" add column "revoked_at" timestamptz null');
    this.addSql('alter table "billing"."pack_grant" add column "revoked_credits" integer null check ("revoked_credits" >= 0)');
  }

  override down(): void {
    this.addSql('alter table "billing"."pack_grant" drop column "revoked_credits"');
    this.addSql('alter table "billing"."pack_grant" drop column "revoked_at"');
  }
}
