import { Migration } from '@mikro-orm/migrations';

/** Cloned voices (issue 35, item 5): a creator's voice cloned at the provider, with its sample and the voice consent given for it. */
export class Migration20261129130000 extends Migration {
  override name = 'Migration20261129130000';

  override up(): void {
    this.addSql(`create table "generation"."cloned_voice" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "name" varchar(40) not null,
      "provider" varchar(32) not null,
      "provider_voice_id" varchar(256) not null,
      "sample_key" varchar(512) not null,
      "consent_id" uuid not null references "generation"."likeness_consent" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz not null default now())`);
    this.addSql('create index "cloned_voice_user_id_index" on "generation"."cloned_voice" ("user_id")');
    this.addSql('create index "cloned_voice_last_used_at_index" on "generation"."cloned_voice" ("last_used_at")');
  }

  override down(): void {
    this.addSql('drop table "generation"."cloned_voice"');
  }
}
