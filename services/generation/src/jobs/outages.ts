import { ConnectionException } from '@mikro-orm/postgresql';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';

/** PostgreSQL's codes for a connection that was ended or cannot be made (class 08, and 57P01-57P03: terminated by the administrator, crash, cannot connect now). */
const POSTGRES_CONNECTION_CODE = /^(08...|57P0[123])$/;

/**
 * Whether a job's failure is an outage of something it depends on (the object store, PostgreSQL,
 * NATS or billing away for a moment) rather than anything about the job: such a job runs again
 * later instead of failing, and nothing is charged twice (its credit and outputs are settled once).
 */
export function isDependencyOutage(error: unknown): boolean {
  if (error instanceof ServiceError) return error.code === ErrorCode.Unavailable;
  if (error instanceof ConnectionException) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (POSTGRES_CONNECTION_CODE.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET')) return true;
  return typeof message === 'string' && /Connection terminated|terminating connection due to administrator command/i.test(message);
}
