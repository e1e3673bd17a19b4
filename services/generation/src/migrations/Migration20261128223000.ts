import { Migration } from '@mikro-orm/migrations';

/**
 * Manual webhook redeliveries let through, by receiver: counted over the last hour (under a
 * per-receiver lock) so that every replica refuses the one past `WEBHOOK_REDELIVERIES_PER_HOUR`.
 */
export class Migration20261128223000 extends Migration {
  override name = 'Migration20261128223000';

  override up(): void {
    this.addSql(`create table "generation"."webhook_redelivery" (
      "id" uuid primary key,
      "user_id" uuid not null,
      "receiver" text not null,
      "delivery_id" uuid not null,
      "at" timestamptz not null default now()
    )`);
    this.addSql('create index "webhook_redelivery_receiver_at_index" on "generation"."webhook_redelivery" ("receiver", "at")');
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."webhook_redelivery"');
  }
}
