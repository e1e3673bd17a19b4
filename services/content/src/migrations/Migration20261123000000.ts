import { Migration } from '@mikro-orm/migrations';
import { SEED_POSTS } from '../posts/seed-posts';

/** The seed text is our own, but it contains apostrophes: quote it as an SQL literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export class Migration20261123000000 extends Migration {
  override name = 'Migration20261123000000';

  override up(): void {
    // A post already there keeps its text; only an empty body is filled in.
    for (const post of SEED_POSTS) {
      this.addSql(`insert into "content"."blog_post" ("title", "slug", "excerpt", "body", "author", "published_at")
        values (${literal(post.title)}, ${literal(post.slug)}, ${literal(post.excerpt)}, ${literal(post.body)}, ${literal(post.author)}, ${literal(post.publishedAt)})
        on conflict ("slug") do update set "body" = excluded."body" where "blog_post"."body" = ''`);
    }
    this.addSql(`create table "content"."newsletter_subscriber" (
      "id" serial primary key,
      "email" varchar(254) not null,
      "created_at" timestamptz not null default now()
    )`);
    // One row per address whatever its case: subscribing twice is not a second subscription.
    this.addSql('create unique index "newsletter_subscriber_email_lower_unique" on "content"."newsletter_subscriber" (lower("email"))');
  }

  override down(): void {
    this.addSql('drop table if exists "content"."newsletter_subscriber"');
    const slugs = SEED_POSTS.map((post) => literal(post.slug)).join(', ');
    this.addSql(`delete from "content"."blog_post" where "slug" in (${slugs})`);
  }
}
