import { Migration } from '@mikro-orm/migrations';
import { EXTRA_PACK_GENERATIONS, EXTRA_PACK_PRICE_CENTS, PREMIUM_GENERATIONS_PER_PERIOD, PREMIUM_MONTHLY_PRICE_CENTS } from '@lipcast/contracts';

/**
 * Plans, seeded with the two the product sells from contracts' plan facts (prices in cents; Stripe
 * price ids are set later). A database runs this once: a later change of those facts needs a
 * migration of its own that updates the seeded rows.
 */
export class Migration20261122000000 extends Migration {
  override name = 'Migration20261122000000';

  override up(): void {
    this.addSql(`create table "billing"."plan" (
      "id" serial primary key,
      "name" varchar(100) not null,
      "description" text not null,
      "price" integer not null check ("price" >= 0),
      "interval" text not null check ("interval" in ('month', 'once')),
      "is_active" boolean not null default true,
      "generations_limit" integer not null check ("generations_limit" > 0),
      "stripe_price_id" varchar(100) null unique
    )`);
    this.addSql(`insert into "billing"."plan" ("name", "description", "price", "interval", "is_active", "generations_limit") values
      ('Premium', '${PREMIUM_GENERATIONS_PER_PERIOD} generations every month, with full access to all features.', ${PREMIUM_MONTHLY_PRICE_CENTS}, 'month', true, ${PREMIUM_GENERATIONS_PER_PERIOD}),
      ('Extra Generations', 'A one-time pack of ${EXTRA_PACK_GENERATIONS} generations that never expire.', ${EXTRA_PACK_PRICE_CENTS}, 'once', true, ${EXTRA_PACK_GENERATIONS})`);
  }

  override down(): void {
    this.addSql('drop table if exists "billing"."plan"');
  }
}
