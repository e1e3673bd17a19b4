import { Migration } from '@mikro-orm/migrations';

/**
 * A batch row's error names the field it is about (a CSV column, as the service's check decided
 * it); null for the rows before it, a failed row, or an error about no one field.
 */
export class Migration20261128190000 extends Migration {
  override name = 'Migration20261128190000';

  override up(): void {
    this.addSql('alter table "generation"."batch_row" add column "error_field" varchar(20) null');
  }

  override down(): void {
    this.addSql('alter table "generation"."batch_row" drop column if exists "error_field"');
  }
}
