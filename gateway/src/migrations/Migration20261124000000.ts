import { Migration } from '@mikro-orm/migrations';

/** The operator console's audit log: every admin action with its operator. */
export class Migration20261124000000 extends Migration {
  override name = 'Migration20261124000000';

  override up(): void {
    this.addSql(`create table "gateway"."audit_entry" (
      "id" uuid primary key,
      "at" timestamptz not null,
      "operator_id" uuid not null,
      "operator_name" varchar(200) not null,
      "action" varchar(64) not null,
      "target" varchar(200) not null,
      "detail" jsonb not null
    )`);
    this.addSql('create index "audit_entry_at_index" on "gateway"."audit_entry" ("at" desc)');
  }

  override down(): void {
    this.addSql('drop table if exists "gateway"."audit_entry"');
  }
}
