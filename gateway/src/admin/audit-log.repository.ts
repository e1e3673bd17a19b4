import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AdminActor, AdminAuditEntry } from '@lipcast/contracts';
import { AuditEntryEntity } from './audit-entry.entity';

export const AUDIT_LIST_MAX = 200;

/**
 * The audit log of the operator console: one entry per admin write, made by the gateway after the
 * action succeeded (it authorised it, so it records it). The gateway's only ORM use; its own
 * connection pool, small, separate from the sessions' `pg.Pool`.
 */
@Injectable()
export class AuditLogRepository implements OnApplicationShutdown {
  constructor(private readonly orm: MikroORM) {}

  async record(operator: AdminActor, action: string, target: string, detail: Record<string, unknown>): Promise<void> {
    const em = this.orm.em.fork();
    em.create(AuditEntryEntity, { operatorId: operator.operatorId, operatorName: operator.operatorName, action, target: target.slice(0, 200), detail, at: new Date() });
    await em.flush();
  }

  /** Newest first; `before` (an entry's `at`) pages on. */
  async list(limit: number, before?: string): Promise<AdminAuditEntry[]> {
    const entries = await this.orm.em.fork().find(AuditEntryEntity, before ? { at: { $lt: new Date(before) } } : {}, { orderBy: { at: 'desc', id: 'desc' }, limit: Math.min(limit, AUDIT_LIST_MAX) });
    return entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      operatorId: entry.operatorId,
      operatorName: entry.operatorName,
      action: entry.action,
      target: entry.target,
      detail: entry.detail,
    }));
  }

  onApplicationShutdown(): Promise<void> {
    return this.orm.close();
  }
}
