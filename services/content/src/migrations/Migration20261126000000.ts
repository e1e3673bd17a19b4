import { Migration } from '@mikro-orm/migrations';

/** The remote registry (issue 21): published versions of each remote, and their releases in order. */
export class Migration20261126000000 extends Migration {
  override name = 'Migration20261126000000';

  override up(): void {
    this.addSql(`create table "content"."remote_version" (
      "remote" varchar(40) not null,
      "version" varchar(60) not null,
      "published_at" timestamptz not null default now(),
      "published_by" varchar(120) not null,
      primary key ("remote", "version")
    )`);
    this.addSql(`create table "content"."remote_release" (
      "id" serial primary key,
      "remote" varchar(40) not null,
      "version" varchar(60) not null,
      "released_at" timestamptz not null default now(),
      "released_by" varchar(120) not null,
      "rolled_back_at" timestamptz null,
      "rolled_back_by" varchar(120) null,
      foreign key ("remote", "version") references "content"."remote_version" ("remote", "version")
    )`);
    // The live version of each remote: its newest release not rolled back.
    this.addSql('create index "remote_release_live_index" on "content"."remote_release" ("remote", "id" desc) where "rolled_back_at" is null');
  }

  override down(): void {
    this.addSql('drop table if exists "content"."remote_release"');
    this.addSql('drop table if exists "content"."remote_version"');
  }
}
