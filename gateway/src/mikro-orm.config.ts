import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122100000 } from './migrations/Migration20261122100000';
import { Migration20261123160000 } from './migrations/Migration20261123160000';
import { Migration20261124000000 } from './migrations/Migration20261124000000';
import { Migration20261203120000 } from './migrations/Migration20261203120000';
import { AccountExportEntity } from './account/account-export.entity';
import { AuditEntryEntity } from './admin/audit-entry.entity';
import { RateLimitEntity } from './http/rate-limit.entity';
import { SessionEntity } from './session/session.entity';

/** The PostgreSQL schema that holds every gateway table. */
export const GATEWAY_SCHEMA = 'gateway';

/** Every gateway table; the typed query builder (`gatewayDatabase`) is inferred from this list. */
export const gatewayEntities = [SessionEntity, RateLimitEntity, AuditEntryEntity, AccountExportEntity] as const;

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: GATEWAY_SCHEMA,
    databaseUrl,
    entities: [...gatewayEntities],
    migrations: [
      { name: 'Migration20261122100000', class: Migration20261122100000 },
      { name: 'Migration20261123160000', class: Migration20261123160000 },
      { name: 'Migration20261124000000', class: Migration20261124000000 },
      { name: 'Migration20261203120000', class: Migration20261203120000 },
    ],
  });
