import { createServer, type AddressInfo } from 'node:net';
import type { ArgumentsHost } from '@nestjs/common';
import { ConnectionException, PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { connect, errors as natsErrors } from '@nats-io/transport-node';
// The copy of nats-core JetStream and KV build their errors with (the client brings its own).
import { errors as jetStreamCoreErrors } from '@nats-io/nats-core';
import pg from 'pg';
import { lastValueFrom } from 'rxjs';
import type { Logger } from 'pino';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { ServiceError, toServiceErrorPayload } from './errors';
import { isConnectionOutage } from './outages';
import { ServiceErrorFilter } from './service-server';

/** A PostgreSQL error as `pg-protocol` parses it off the wire. */
function postgresError(message: string, code: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.severity = 'FATAL';
  error.code = code;
  return error;
}

/** The error as MikroORM's PostgreSQL driver rethrows it (`DriverException` and its subclasses). */
const throughMikroOrm = (error: Error) => new PostgreSqlPlatform().getExceptionConverter().convertException(error);

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(isConnectionOutage.name, () => {
  const sut = isConnectionOutage;

  it.each([
    ['57P01 admin_shutdown (pg_terminate_backend)', 'terminating connection due to administrator command', '57P01'],
    ['57P02 crash_shutdown', 'terminating connection because of crash of another server process', '57P02'],
    ['57P03 cannot_connect_now', 'the database system is starting up', '57P03'],
    ['53300 too_many_connections', 'too many connections for database "lipcast"', '53300'],
    ['08006 connection_failure', 'connection failure', '08006'],
    ['08P01 protocol_violation', 'invalid startup packet', '08P01'],
  ])('is true for PostgreSQL %s, from pg and through MikroORM', (_name, message, code) => {
    expect(sut(postgresError(message, code))).toBe(true);
    expect(sut(throughMikroOrm(postgresError(message, code)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Client has encountered a connection error and is not queryable',
    'timeout exceeded when trying to connect',
  ])('is true for pg\'s "%s", from pg and through MikroORM', (message) => {
    expect(sut(new Error(message))).toBe(true);
    expect(sut(throughMikroOrm(new Error(message)))).toBe(true);
  });

  it('is true for a connection refused, from pg and through MikroORM, and a time-out wrapping a lost connection as its cause', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'postgres', database: 'lipcast' });
    const refused = await client.connect().then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(sut(refused)).toBe(true);
    expect(sut(throughMikroOrm(refused!))).toBe(true);
    // pg-pool's connection time-out keeps the socket's error as its cause.
    expect(sut(new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']) expect(sut(Object.assign(new Error(`read ${code}`), { code }))).toBe(true);
    expect(sut(new ConnectionException(new Error('connect ECONNREFUSED 127.0.0.1:5432')))).toBe(true);
  });

  it('is true for NATS away: refused, closed, draining, no responders, a lost or timed-out request, from either copy of the client', async () => {
    const refused = await connect({ servers: `127.0.0.1:${await closedPort()}`, reconnect: false }).then(
      async (connection) => {
        await connection.close();
        return null;
      },
      (error: unknown) => error as Error,
    );
    expect(refused?.name).toBe('ConnectionError');
    expect(sut(refused)).toBe(true);
    for (const errors of [natsErrors, jetStreamCoreErrors]) {
      expect(sut(new errors.ClosedConnectionError())).toBe(true);
      expect(sut(new errors.DrainingConnectionError())).toBe(true);
      expect(sut(new errors.RequestError("no responders: 'generation.jobs.get.v1'", { cause: new errors.NoRespondersError('generation.jobs.get.v1') }))).toBe(true);
      expect(sut(new errors.RequestError('connection disconnected'))).toBe(true);
      expect(sut(new errors.TimeoutError())).toBe(true);
    }
  });

  it('is false for errors about the request itself', () => {
    expect(sut(throughMikroOrm(postgresError('duplicate key value violates unique constraint "project_pkey"', '23505')))).toBe(false);
    expect(sut(throughMikroOrm(postgresError('syntax error at or near "selec"', '42601')))).toBe(false);
    expect(sut(postgresError('database "lipcast_nope" does not exist', '3D000'))).toBe(false);
    expect(sut(ServiceError.validation('title is required'))).toBe(false);
    expect(sut(new Error('boom'))).toBe(false);
    expect(sut(new Error('Connection terminated unexpectedly, said the provider'))).toBe(false);
    expect(sut(new natsErrors.RequestError('Permissions Violation for Publish to "billing.credits.commit.v1"', { cause: new natsErrors.PermissionViolationError('Permissions Violation', 'publish', 'billing.credits.commit.v1') }))).toBe(false);
    expect(sut(new natsErrors.RequestError('cancelled'))).toBe(false);
    // `AbortSignal.timeout()` aborts with a DOMException named TimeoutError too.
    expect(sut(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(false);
    expect(sut(null)).toBe(false);
    expect(sut('Connection terminated')).toBe(false);
  });

  it('stops at a cause that loops back', () => {
    const error = new Error('boom') as Error & { cause?: unknown };
    error.cause = error;
    expect(sut(error)).toBe(false);
  });
});

describe(toServiceErrorPayload.name, () => {
  it('answers UNAVAILABLE with the user-facing text for PostgreSQL or NATS away, INTERNAL for anything else unknown', () => {
    expect(toServiceErrorPayload(throughMikroOrm(new Error('Connection terminated unexpectedly')))).toEqual({ code: ErrorCode.Unavailable, message: Messages.serviceUnavailable });
    expect(toServiceErrorPayload(new natsErrors.ClosedConnectionError())).toEqual({ code: ErrorCode.Unavailable, message: Messages.serviceUnavailable });
    expect(toServiceErrorPayload(new Error('secret detail'))).toEqual({ code: ErrorCode.Internal, message: 'Internal server error' });
    expect(toServiceErrorPayload(ServiceError.notFound('No such project'))).toEqual({ code: ErrorCode.NotFound, message: 'No such project' });
  });
});

describe(ServiceErrorFilter.name, () => {
  it('sends UNAVAILABLE for PostgreSQL away and logs it once as a warning, not as a failed handler', async () => {
    const logger = { warn: jest.fn(), error: jest.fn() };
    const sut = new ServiceErrorFilter(logger as unknown as Logger);

    const sent = await lastValueFrom(sut.catch(throughMikroOrm(postgresError('terminating connection due to administrator command', '57P01')), {} as ArgumentsHost)).catch((payload: unknown) => payload);

    expect(sent).toEqual({ code: ErrorCode.Unavailable, message: Messages.serviceUnavailable });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0][0]).toEqual({ reason: 'terminating connection due to administrator command' });
    expect(logger.error).not.toHaveBeenCalled();
  });
});
