import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail (issue 23): the newsletter's double opt-in (a confirmation time and the two link tokens;
 * addresses signed up before it stay active, as they were), the users' mail preferences, and the
 * mails that go once per job or payment.
 */
export class Migration20261126100000 extends Migration {
  override name = 'Migration20261126100000';

  override up(): void {
    // 64 hex characters from two random UUIDs (gen_random_uuid uses a strong random source).
    const token = `replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
    // Addresses signed up before the double opt-in were active: they stay so.
    this.addSql('alter table "content"."newsletter_subscriber" add column "confirmed_at" timestamptz null');
    this.addSql('update "content"."newsletter_subscriber" set "confirmed_at" = "created_at"');
    // When the confirmation mail last went: signing up again resends it at most once per 10 minutes.
    this.addSql('alter table "content"."newsletter_subscriber" add column "confirmation_sent_at" timestamptz null');
    // Defaults, so a row the previous release inserts during the rollout gets its tokens too (each row its own).
    this.addSql(`alter table "content"."newsletter_subscriber" add column "confirm_token" varchar(64) not null default ${token}`);
    this.addSql(`alter table "content"."newsletter_subscriber" add column "unsubscribe_token" varchar(64) not null default ${token}`);
    this.addSql('create unique index "newsletter_subscriber_confirm_token_unique" on "content"."newsletter_subscriber" ("confirm_token")');
    this.addSql('create unique index "newsletter_subscriber_unsubscribe_token_unique" on "content"."newsletter_subscriber" ("unsubscribe_token")');
    this.addSql(`create table "content"."mail_preference" (
      "user_id" uuid primary key,
      "video_ready" boolean not null default true,
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "content"."sent_mail" (
      "kind" varchar(40) not null,
      "key" varchar(200) not null,
      "sent_at" timestamptz not null default now(),
      primary key ("kind", "key")
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists "content"."sent_mail"');
    this.addSql('drop table if exists "content"."mail_preference"');
    this.addSql('alter table "content"."newsletter_subscriber" drop column "unsubscribe_token", drop column "confirm_token", drop column "confirmation_sent_at", drop column "confirmed_at"');
  }
}
