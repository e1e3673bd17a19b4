import { ConnectionException } from '@mikro-orm/core';

/**
 * PostgreSQL's codes for a connection that was ended or cannot be made: class 08 (connection
 * exception), 57P01 admin_shutdown (`pg_terminate_backend`), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down) and 53300 too_many_connections.
 */
const POSTGRES_CONNECTION_CODE = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Network failures that mean the other end is away (stopped, restarting, unreachable), not that a request was wrong. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * What `pg` and `pg-pool` say, without a code, when a connection broke or could not be made in
 * time; MikroORM's `DriverException` keeps the same message. The first line only: MikroORM appends
 * PostgreSQL's detail and hint on lines of their own.
 */
const POSTGRES_CONNECTION_MESSAGE =
  /^(?:Connection terminated(?: unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)$/;

/**
 * The NATS client's errors for a connection that is closed, draining, lost or cannot be made.
 * Matched by name: the client (`@nats-io/transport-node`) and JetStream each bring their own copy
 * of `@nats-io/nats-core`, so an error of one is no `instanceof` the other's class.
 */
const NATS_CONNECTION_ERROR = new Set(['ClosedConnectionError', 'DrainingConnectionError', 'ConnectionError']);
/** `RequestError`'s messages when the connection went away under the request. */
const NATS_LOST_REQUEST = new Set(['connection disconnected', 'connection closed']);

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isOutageItself(error: ErrorFields): boolean {
  if (error instanceof ConnectionException) return true;
  const { name, message, code } = error;
  if (typeof code === 'string' && (POSTGRES_CONNECTION_CODE.test(code) || NETWORK_CODES.has(code))) return true;
  if (typeof message !== 'string') return false;
  if (POSTGRES_CONNECTION_MESSAGE.test(message.split('\n', 1)[0])) return true;
  if (typeof name !== 'string') return false;
  if (NATS_CONNECTION_ERROR.has(name)) return true;
  // No responder on the subject (the service, or JetStream, is not there): NoRespondersError's name is "NoResponders".
  if (name === 'NoResponders') return true;
  // The NATS client's own time-out says "timeout"; a DOMException of `AbortSignal.timeout()` shares the name, not the message.
  if (name === 'TimeoutError' && message === 'timeout') return true;
  return name === 'RequestError' && NATS_LOST_REQUEST.has(message);
}

/**
 * Whether `error` means PostgreSQL or NATS cannot be reached right now (a connection refused,
 * terminated, timed out or lost; no responder on a NATS subject) rather than anything about the
 * request: such a request answers 503 "try again in a moment", never 500. Looks through the
 * `cause` chain and an `AggregateError`'s errors, as drivers and clients wrap the network's error
 * (MikroORM's `DriverException` keeps the `pg` error's code and message; a NATS `RequestError`
 * carries `NoRespondersError` as its cause). Constraint violations, syntax errors and the like are not outages.
 */
export function isConnectionOutage(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const fields = next as ErrorFields;
    if (isOutageItself(fields)) return true;
    pending.push(fields.cause);
    if (Array.isArray(fields.errors)) pending.push(...(fields.errors as unknown[]));
  }
  return false;
}
