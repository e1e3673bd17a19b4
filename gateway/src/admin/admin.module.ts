import type { Provider } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../mikro-orm.config';
import type { GatewaySettings } from '../settings';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin-role';
import { AuditLogRepository } from './audit-log.repository';

/** The operator console's controllers, registered in `AppModule` beside the others. */
export const adminControllers = [AdminController];

/** Its providers: the audit log on the gateway's ORM (its own small pool; the migrate step made the table). */
export const adminProviders = (settings: GatewaySettings): Provider[] => [
  { provide: MikroORM, useFactory: () => MikroORM.init({ ...ormConfig(settings.DATABASE_URL), pool: { min: 0, max: 2 } }) },
  AuditLogRepository,
  AdminGuard,
];
