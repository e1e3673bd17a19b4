import { Migration } from '@mikro-orm/migrations';

/** Own actors (issue 35): a creator's checked clip, and the consent recorded for each face or voice they bring. */
export class Migration20261129110000 extends Migration {
  override name = 'Migration20261129110000';

  override up(): void {
    this.addSql(`create table "generation"."likeness_consent" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "subject" text not null check ("subject" in ('likeness', 'voice')),
      "media_key" varchar(512) not null,
      "text" text not null,
      "given_at" timestamptz not null default now())`);
    this.addSql('create index "likeness_consent_user_id_index" on "generation"."likeness_consent" ("user_id")');
    this.addSql(`create table "generation"."own_actor" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "name" varchar(60) not null,
      "clip_key" varchar(512) not null,
      "thumbnail_key" varchar(512) not null,
      "duration_seconds" double precision not null,
      "width" integer not null,
      "height" integer not null,
      "consent_id" uuid not null references "generation"."likeness_consent" ("id"),
      "created_at" timestamptz not null default now())`);
    this.addSql('create index "own_actor_user_id_index" on "generation"."own_actor" ("user_id")');
  }

  override down(): void {
    this.addSql('drop table "generation"."own_actor"');
    this.addSql('drop table "generation"."likeness_consent"');
  }
}
