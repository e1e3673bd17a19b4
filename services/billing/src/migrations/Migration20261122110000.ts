import { Migration } from '@mikro-orm/migrations';

/**
 * The credit ledger: one account row per user (plan, current period, pack credits left) and one
 * reservation per job. A reserve locks the account row, so concurrent reserves queue up there.
 */
export class Migration20261122110000 extends Migration {
  override name = 'Migration20261122110000';

  override up(): void {
    this.addSql(`create table "billing"."account" (
      "user_id" uuid primary key,
      "subscription_status" text null,
      "subscription_plan" text null,
      "period_start" timestamptz null,
      "period_end" timestamptz null,
      "pack_credits" integer not null default 0 check ("pack_credits" >= 0),
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "billing"."reservation" (
      "job_id" varchar(100) primary key,
      "user_id" uuid not null references "billing"."account" ("user_id"),
      "status" text not null check ("status" in ('reserved', 'committed', 'released')),
      "source" text not null check ("source" in ('free', 'period', 'pack')),
      "period_start" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql('create index "reservation_user_index" on "billing"."reservation" ("user_id", "source", "status")');
  }

  override down(): void {
    this.addSql('drop table if exists "billing"."reservation"');
    this.addSql('drop table if exists "billing"."account"');
  }
}
