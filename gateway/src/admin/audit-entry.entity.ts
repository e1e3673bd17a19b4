import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One admin action (who, what, on what, with which details), written by the gateway, which authorises them. */
export const AuditEntryEntity = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_entry',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    at: p.datetime().onCreate(() => new Date()),
    operatorId: p.uuid(),
    operatorName: p.string().length(200),
    action: p.string().length(64),
    target: p.string().length(200),
    detail: p.json<Record<string, unknown>>(),
  },
  // Newest first, as the console lists them (and as the migration made it).
  indexes: [{ name: 'audit_entry_at_index', properties: ['at'], columns: [{ name: 'at', sort: 'desc' }] }],
});

export type AuditEntry = InferEntity<typeof AuditEntryEntity>;
