import { ErrorCode } from '@lipcast/contracts';
import { isConnectionOutage, ServiceError, StoreUnavailableError } from '@lipcast/nest-kit';

/**
 * Whether a job's failure is an outage of something it depends on (the object store, PostgreSQL,
 * NATS or billing away for a moment) rather than anything about the job: such a job runs again
 * later instead of failing, and nothing is charged twice (its credit and outputs are settled once).
 * PostgreSQL and NATS are judged by `isConnectionOutage`, the rule that also answers requests 503.
 */
export function isDependencyOutage(error: unknown): boolean {
  if (error instanceof ServiceError) return error.code === ErrorCode.Unavailable;
  return error instanceof StoreUnavailableError || isConnectionOutage(error);
}
