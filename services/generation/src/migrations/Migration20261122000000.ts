import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000 extends Migration {
  override name = 'Migration20261122000000';

  override up(): void {
    this.addSql(`create table "generation"."project" (
      "id" serial primary key,
      "user_id" uuid not null,
      "audio_url" varchar(1000) null,
      "output_url" varchar(1000) null,
      "audio_params" jsonb null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "project_user_id_index" on "generation"."project" ("user_id", "created_at" desc)');
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."project"');
  }
}
