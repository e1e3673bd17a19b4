import { Migration } from '@mikro-orm/migrations';

/** API keys for the public API: stored as SHA-256 with their visible prefix; gone with their user. */
export class Migration20261126000000 extends Migration {
  override name = 'Migration20261126000000';

  override up(): void {
    this.addSql(`create table "auth"."api_key" (
      "id" uuid primary key,
      "user_id" uuid not null references "auth"."user" ("id") on delete cascade,
      "name" varchar(100) not null,
      "prefix" varchar(12) not null,
      "hash" varchar(64) not null,
      "scopes" text[] not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz null,
      "expires_at" timestamptz null,
      "revoked_at" timestamptz null,
      constraint "api_key_hash_unique" unique ("hash")
    )`);
    this.addSql('create index "api_key_user_id_index" on "auth"."api_key" ("user_id")');
  }

  override down(): void {
    this.addSql('drop table if exists "auth"."api_key"');
  }
}
