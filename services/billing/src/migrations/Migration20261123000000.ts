import { Migration } from '@mikro-orm/migrations';

/**
 * Stripe: each plan's price lookup key, the user ↔ Stripe customer link, the subscription an account
 * follows, pack grants (one per payment, so a payment is never counted twice) and the events applied.
 */
export class Migration20261123000000 extends Migration {
  override name = 'Migration20261123000000';

  override up(): void {
    this.addSql('alter table "billing"."plan" add column "stripe_lookup_key" varchar(100) null unique');
    this.addSql(`update "billing"."plan" set "stripe_lookup_key" = case "interval" when 'month' then 'lipcast_premium_monthly' else 'lipcast_extra_pack' end`);
    this.addSql('alter table "billing"."plan" alter column "stripe_lookup_key" set not null');
    this.addSql('alter table "billing"."account" add column "subscription_id" varchar(100) null');
    this.addSql('alter table "billing"."account" add column "cancel_at_period_end" boolean not null default false');
    this.addSql(`create table "billing"."customer" (
      "user_id" uuid primary key,
      "stripe_customer_id" varchar(100) not null unique,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "billing"."pack_grant" (
      "payment_id" varchar(100) primary key,
      "user_id" uuid not null,
      "generations" integer not null check ("generations" > 0),
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "billing"."stripe_event" (
      "id" varchar(100) primary key,
      "type" varchar(100) not null,
      "processed_at" timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "billing"."stripe_event"');
    this.addSql('drop table if exists "billing"."pack_grant"');
    this.addSql('drop table if exists "billing"."customer"');
    this.addSql('alter table "billing"."account" drop column "cancel_at_period_end"');
    this.addSql('alter table "billing"."account" drop column "subscription_id"');
    this.addSql('alter table "billing"."plan" drop column "stripe_lookup_key"');
  }
}
