import { Migration } from '@mikro-orm/migrations';

/**
 * Video formats: a public API video and a history item keep the format they were made in (one of
 * contracts' `VIDEO_FORMAT_IDS`); null is the portrait card every earlier video was made in.
 */
export class Migration20261128170500 extends Migration {
  override name = 'Migration20261128170500';

  override up(): void {
    this.addSql('alter table "generation"."video" add column "format" varchar(20) null');
    this.addSql('alter table "generation"."project" add column "format" varchar(20) null');
  }

  override down(): void {
    this.addSql('alter table "generation"."project" drop column if exists "format"');
    this.addSql('alter table "generation"."video" drop column if exists "format"');
  }
}
