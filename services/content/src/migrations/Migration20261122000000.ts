import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000 extends Migration {
  override name = 'Migration20261122000000';

  override up(): void {
    this.addSql(`create table "content"."blog_post" (
      "id" serial primary key,
      "title" varchar(200) not null,
      "slug" varchar(200) not null unique,
      "excerpt" text not null,
      "body" text not null,
      "featured_image" varchar(500) null,
      "author" varchar(120) null,
      "published_at" timestamptz null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "blog_post_published_at_index" on "content"."blog_post" ("published_at" desc, "created_at" desc)');
  }

  override down(): void {
    this.addSql('drop table if exists "content"."blog_post"');
  }
}
