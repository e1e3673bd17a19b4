import { serviceOrmConfig } from '@lipcast/nest-kit';
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

export const ormConfig = serviceOrmConfig(GATEWAY_SCHEMA, gatewayEntities, {
  Migration20261122100000,
  Migration20261123160000,
  Migration20261124000000,
  Migration20261203120000,
});
