import { Migration } from '@mikro-orm/migrations';

/** The trace a job was submitted in (when tracing is on), so the operator console can point at it. */
export class Migration20261126100000 extends Migration {
  override name = 'Migration20261126100000';

  override up(): void {
    this.addSql('alter table "generation"."job" add column "trace_id" varchar(32) null');
  }

  override down(): void {
    this.addSql('alter table "generation"."job" drop column "trace_id"');
  }
}
