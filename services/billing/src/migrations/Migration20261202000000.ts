import { Migration } from '@mikro-orm/migrations';

/** Manual credit adjustments by operators (operator console), part of the ledger. */
export class Migration20261202000000 extends Migration {
  override name = 'Migration20261202000000';

  override up(): void {
    this.addSql(`create table "billing"."credit_adjustment" (
      "id" uuid primary key,
      "user_id" uuid not null,
      "delta" integer not null check ("delta" <> 0),
      "reason" varchar(500) not null,
      "job_id" varchar(100) null,
      "operator_id" uuid not null,
      "operator_name" varchar(200) not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "credit_adjustment_user_id_index" on "billing"."credit_adjustment" ("user_id")');
  }

  override down(): void {
    this.addSql('drop table if exists "billing"."credit_adjustment"');
  }
}
