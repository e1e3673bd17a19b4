import { Migration } from '@mikro-orm/migrations';

/**
 * Influencer projects (the Creator and One Shot): a portrait, then its looping clip; approved ones
 * are copied to `community/<id>/` and shown in the gallery. One Shot runs keep each step's state on
 * their job.
 */
export class Migration20261123100000 extends Migration {
  override name = 'Migration20261123100000';

  override up(): void {
    this.addSql(`create table "generation"."influencer_project" (
      "id" serial primary key,
      "user_id" uuid not null,
      "prompt" text not null,
      "image_key" varchar(512) not null,
      "image_kind" text not null check ("image_kind" in ('photo', 'illustration', 'upload')),
      "look" jsonb null,
      "video_prompt" text null,
      "video_key" varchar(512) null,
      "thumbnail_key" varchar(512) null,
      "duration_seconds" real null,
      "approved" boolean not null default false,
      "job_id" uuid null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "influencer_project_user_index" on "generation"."influencer_project" ("user_id", "created_at" desc)');
    this.addSql('create index "influencer_project_gallery_index" on "generation"."influencer_project" ("created_at" desc) where "approved"');
    this.addSql('alter table "generation"."job" add column "steps" jsonb null');
  }

  override down(): void {
    this.addSql('alter table "generation"."job" drop column "steps"');
    this.addSql('drop table if exists "generation"."influencer_project"');
  }
}
