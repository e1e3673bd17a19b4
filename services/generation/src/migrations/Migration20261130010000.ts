import { Migration } from '@mikro-orm/migrations';

/** A video's name on /projects (issue 37, item 9): null until its owner names it. */
export class Migration20261130010000 extends Migration {
  override name = 'Migration20261130010000';

  override up(): void {
    this.addSql('alter table "generation"."project" add column "title" varchar(100) null');
  }

  override down(): void {
    this.addSql('alter table "generation"."project" drop column "title"');
  }
}
