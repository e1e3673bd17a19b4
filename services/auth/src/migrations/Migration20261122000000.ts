import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000 extends Migration {
  override name = 'Migration20261122000000';

  override up(): void {
    this.addSql(`create table "auth"."user" (
      "id" uuid primary key,
      "issuer" varchar(500) not null,
      "subject" varchar(255) not null,
      "username" varchar(100) not null,
      "email" varchar(320) null,
      "first_name" varchar(100) null,
      "last_name" varchar(100) null,
      "bio" text null,
      "profile_image_url" varchar(1000) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "user_issuer_subject_unique" unique ("issuer", "subject")
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "auth"."user"');
  }
}
