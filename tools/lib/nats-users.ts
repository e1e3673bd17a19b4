/**
 * Fresh credentials for the five NATS users of deploy/nats (for `tools/nats-users.ts` and the
 * permission tests). Debian packages no `nsc`, and none is needed: passwords are random, NKey
 * pairs come from the NATS client library.
 */
import { randomInt } from 'node:crypto';
import { nkeys } from '@nats-io/transport-node';

/** The processes, each its own NATS user (the names nats-server.conf gives them). */
export const NATS_USERS = ['gateway', 'auth', 'generation', 'billing', 'content'] as const;
export type NatsUser = (typeof NATS_USERS)[number];

export interface NatsUserCredentials {
  /** The server's variables for this user (`<USER>_NATS_PASS` or `<USER>_NATS_NKEY`). */
  server: Record<string, string>;
  /** The process's own variables (`NATS_USER` + `NATS_PASS`, or `NATS_NKEY_SEED`). */
  process: Record<string, string>;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS_AND_DIGITS = `${LETTERS}0123456789`;

/**
 * 32 letters and digits, the first a letter: nats-server parses a variable's value from the
 * environment as configuration, so `-x` or `1e5x` would not parse and `a#b` would lose its end.
 */
export function newNatsPassword(): string {
  const rest = Array.from({ length: 31 }, () => LETTERS_AND_DIGITS[randomInt(LETTERS_AND_DIGITS.length)]);
  return LETTERS[randomInt(LETTERS.length)] + rest.join('');
}

export function newNatsCredentials(user: NatsUser, kind: 'password' | 'nkey'): NatsUserCredentials {
  const prefix = user.toUpperCase();
  if (kind === 'password') {
    const password = newNatsPassword();
    return { server: { [`${prefix}_NATS_PASS`]: password }, process: { NATS_USER: user, NATS_PASS: password } };
  }
  const pair = nkeys.createUser();
  return { server: { [`${prefix}_NATS_NKEY`]: pair.getPublicKey() }, process: { NATS_NKEY_SEED: new TextDecoder().decode(pair.getSeed()) } };
}

/** Credentials for every user: the server's environment and each process's. */
export function newNatsUsers(kind: 'password' | 'nkey'): { server: Record<string, string>; processes: Record<NatsUser, Record<string, string>> } {
  const all = NATS_USERS.map((user) => [user, newNatsCredentials(user, kind)] as const);
  return {
    server: Object.assign({}, ...all.map(([, credentials]) => credentials.server)) as Record<string, string>,
    processes: Object.fromEntries(all.map(([user, credentials]) => [user, credentials.process])) as Record<NatsUser, Record<string, string>>,
  };
}
