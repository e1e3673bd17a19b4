import { Migration } from '@mikro-orm/migrations';

/**
 * Each webhook endpoint's failed deliveries in a row: at `WEBHOOK_DISABLE_AFTER_FAILURES` the endpoint
 * is disabled (a delivered one, or enabling it, resets the count).
 */
export class Migration20261128224500 extends Migration {
  override name = 'Migration20261128224500';

  override up(): void {
    this.addSql('alter table "generation"."webhook_endpoint" add column "consecutive_failures" integer not null default 0');
  }

  override down(): void {
    this.addSql('alter table "generation"."webhook_endpoint" drop column if exists "consecutive_failures"');
  }
}
