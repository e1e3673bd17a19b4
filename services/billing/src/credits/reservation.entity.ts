import { defineEntity, p } from '@mikro-orm/core';
import type { CreditSource, ReservationStatus } from '@lipcast/contracts';

const RESERVATION_STATUSES = ['reserved', 'committed', 'released'] as const satisfies readonly ReservationStatus[];
const CREDIT_SOURCES = ['free', 'period', 'pack'] as const satisfies readonly CreditSource[];

/**
 * One generation reserved for one job, then committed or released. `periodStart` is the paid period
 * a `period` reservation counts against. `userId` references the account (foreign key in the schema).
 */
export const ReservationEntity = defineEntity({
  name: 'Reservation',
  tableName: 'reservation',
  properties: {
    jobId: p.string().length(100).primary(),
    userId: p.uuid(),
    status: p.enum(RESERVATION_STATUSES),
    source: p.enum(CREDIT_SOURCES),
    periodStart: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'reservation_user_index', properties: ['userId', 'source', 'status'] }],
});
