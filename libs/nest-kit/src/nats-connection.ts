import { nkeyAuthenticator, usernamePasswordAuthenticator, type NodeConnectionOptions } from '@nats-io/transport-node';
import type { ServiceName } from '@lipcast/contracts';

/**
 * How a process signs in to NATS (`NATS_USER` + `NATS_PASS`, or `NATS_NKEY_SEED`); nothing at all
 * on an open server, such as the one `npm start` and the tests use. The settings classes validate
 * the combination; see deploy/nats for the server side.
 */
export interface NatsCredentials {
  NATS_USER?: string;
  NATS_PASS?: string;
  NATS_NKEY_SEED?: string;
}

/** Where and as whom to connect; every settings class extending `ServiceSettings` is one. */
export interface NatsTarget extends NatsCredentials {
  NATS_URL: string;
}

/** The process a connection belongs to; the server's permissions are written per process. */
export type NatsRole = 'gateway' | ServiceName;

/**
 * Reply inboxes of a process: `_INBOX.<role>.…`. The server lets each user subscribe only to its
 * own prefix, so no process reads the replies meant for another.
 */
export function inboxPrefix(role: NatsRole): string {
  return `_INBOX.${role}`;
}

/** The authentication part of the connection options, from validated settings. */
export function natsAuthentication(credentials: NatsCredentials): Pick<NodeConnectionOptions, 'authenticator'> {
  if (credentials.NATS_NKEY_SEED) return { authenticator: nkeyAuthenticator(new TextEncoder().encode(credentials.NATS_NKEY_SEED)) };
  if (credentials.NATS_USER) return { authenticator: usernamePasswordAuthenticator(credentials.NATS_USER, credentials.NATS_PASS) };
  return {};
}

/**
 * The servers of a `NATS_URL`: one URL, or a cluster's servers separated by commas. A client that
 * knows every server of a cluster reconnects to another when its own goes away.
 */
export function natsServers(url: string): string[] {
  return url.split(',').map((server) => server.trim()).filter((server) => server !== '');
}

/** Milliseconds between reconnect attempts after NATS went away (the client's default is 2 s). */
export const NATS_RECONNECT_WAIT_MS = 500;

/**
 * Connection options for `target` (a URL, or a cluster's URLs comma-separated, alone means no
 * credentials), as `role` when given. A connection never gives up reconnecting (the client's
 * default stops after 10 attempts, leaving a process that runs but no longer hears anything), and
 * tries again every half second so that a restarted server, or another of a cluster's, is found at once.
 */
export function natsConnectionOptions(target: string | NatsTarget, name: string, role?: NatsRole): NodeConnectionOptions {
  const settings: NatsTarget = typeof target === 'string' ? { NATS_URL: target } : target;
  return {
    servers: natsServers(settings.NATS_URL),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: NATS_RECONNECT_WAIT_MS,
    ...(role ? { inboxPrefix: inboxPrefix(role) } : {}),
    ...natsAuthentication(settings),
  };
}

/** NATS refused the connection or could not be reached; the message names the server and what to check. */
export class NatsConnectError extends Error {
  constructor(name: string, url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const hint = /authorization|authentication/i.test(reason) ? ' (check NATS_USER and NATS_PASS, or NATS_NKEY_SEED, against the server\'s users: deploy/nats)' : '';
    super(`${name} cannot connect to NATS at ${url}: ${reason}${hint}`, { cause });
  }
}
