import { Migration } from '@mikro-orm/migrations';

/** Outbound webhooks: users' endpoints, deliveries (one event to one receiver) and each delivery's attempts. */
export class Migration20261126220000 extends Migration {
  override name = 'Migration20261126220000';

  override up(): void {
    this.addSql(`create table "generation"."webhook_endpoint" (
      "id" uuid primary key,
      "user_id" uuid not null,
      "url" text not null,
      "events" text[] not null,
      "encrypted_secret" text not null,
      "created_at" timestamptz not null default now(),
      "disabled" boolean not null default false
    )`);
    this.addSql('create index "webhook_endpoint_user_id_index" on "generation"."webhook_endpoint" ("user_id")');
    this.addSql(`create table "generation"."webhook_delivery" (
      "id" uuid primary key,
      "user_id" uuid not null,
      "endpoint_id" uuid null references "generation"."webhook_endpoint" ("id") on delete cascade,
      "url" text not null,
      "event" varchar(50) not null,
      "payload" jsonb not null,
      "status" text not null check ("status" in ('pending', 'delivered', 'failed')),
      "attempts" integer not null default 0,
      "next_attempt_at" timestamptz null,
      "last_status_code" integer null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "delivered_at" timestamptz null
    )`);
    this.addSql('create index "webhook_delivery_user_id_created_at_index" on "generation"."webhook_delivery" ("user_id", "created_at" desc)');
    this.addSql('create index "webhook_delivery_endpoint_id_index" on "generation"."webhook_delivery" ("endpoint_id")');
    this.addSql(`create table "generation"."webhook_attempt" (
      "id" uuid primary key,
      "delivery_id" uuid not null references "generation"."webhook_delivery" ("id") on delete cascade,
      "at" timestamptz not null default now(),
      "status_code" integer null,
      "error" text null,
      "duration_ms" integer not null
    )`);
    this.addSql('create index "webhook_attempt_delivery_id_index" on "generation"."webhook_attempt" ("delivery_id")');
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."webhook_attempt"');
    this.addSql('drop table if exists "generation"."webhook_delivery"');
    this.addSql('drop table if exists "generation"."webhook_endpoint"');
  }
}
