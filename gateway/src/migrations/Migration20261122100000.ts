import { Migration } from '@mikro-orm/migrations';

/** Server-side sessions, shared by every gateway replica. */
export class Migration20261122100000 extends Migration {
  override name = 'Migration20261122100000';

  override up(): void {
    this.addSql(`create table "gateway"."session" (
      "sid" varchar(128) primary key,
      "data" jsonb not null,
      "expires_at" timestamptz not null
    )`);
    this.addSql('create index "session_expires_at_index" on "gateway"."session" ("expires_at")');
  }

  override down(): void {
    this.addSql('drop table if exists "gateway"."session"');
  }
}
