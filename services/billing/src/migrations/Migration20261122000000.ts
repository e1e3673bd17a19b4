import { Migration } from '@mikro-orm/migrations';

/** Plans, seeded with the two the product sells (prices in cents; Stripe price ids are set later). */
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
      ('Premium', '60 generations every month, with full access to all features.', 2900, 'month', true, 60),
      ('Extra Generations', 'A one-time pack of 15 generations that never expire.', 2000, 'once', true, 15)`);
  }

  override down(): void {
    this.addSql('drop table if exists "billing"."plan"');
  }
}
