/**
 * Finding the `nats-server` binary: on the PATH (or where Debian's package puts it); else, on
 * Debian/Ubuntu as root, Debian's package installed; else the one line that installs it here.
 * The machine is a parameter (`NatsServerHost`) so that the choice is unit-tested without this
 * machine's own nats-server.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { aptInstall } from './system-packages.ts';

type Env = Record<string, string | undefined>;

/** Debian's package puts the binary in /usr/sbin, which is not on an ordinary user's PATH. */
const DEBIAN_NATS_SERVER = '/usr/sbin/nats-server';

export interface NatsServerHost {
  /** The PATH to search. */
  path: string;
  platform: NodeJS.Platform;
  isRoot: boolean;
  isDebian: boolean;
  /** Installs Debian's `nats-server` package; true when it succeeded. */
  installDebianPackage: () => boolean;
  isExecutable: (file: string) => boolean;
}

export const NATS_INSTALL_HINTS: Partial<Record<NodeJS.Platform, string>> & { other: string } = {
  linux: 'sudo apt-get install -y nats-server   (other distributions: https://github.com/nats-io/nats-server/releases)',
  darwin: 'brew install nats-server',
  win32: 'winget install NATSAuthors.NATSServer',
  other: 'download nats-server from https://github.com/nats-io/nats-server/releases and put it on the PATH',
};

function findExecutable(name: string, host: NatsServerHost): string | undefined {
  const fileName = host.platform === 'win32' ? `${name}.exe` : name;
  const path = host.platform === 'win32' ? win32 : posix;
  return host.path.split(path.delimiter).filter(Boolean).map((folder) => path.join(folder, fileName)).find(host.isExecutable);
}

/** A `nats-server` binary on the PATH; else, on Debian/Ubuntu as root, Debian's package; else an error naming the install. */
export function findOrInstallNatsServer(host: NatsServerHost): string {
  const found = findExecutable('nats-server', host) ?? (host.isExecutable(DEBIAN_NATS_SERVER) ? DEBIAN_NATS_SERVER : undefined);
  if (found) return found;
  if (host.platform === 'linux' && host.isDebian && host.isRoot) {
    console.log('[lipcast] nats-server is not installed; installing Debian\'s package (apt-get install nats-server).');
    if (host.installDebianPackage() && host.isExecutable(DEBIAN_NATS_SERVER)) return DEBIAN_NATS_SERVER;
    throw new Error('apt-get install nats-server failed; see the output above');
  }
  throw new Error(`nats-server is not installed. Install it:\n    ${NATS_INSTALL_HINTS[host.platform] ?? NATS_INSTALL_HINTS.other}\n  or set NATS_URL.`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return existsSync(file);
  } catch {
    return false;
  }
}

export function thisMachine(env: Env = process.env): NatsServerHost {
  return {
    path: env.PATH ?? '',
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync('/etc/debian_version'),
    installDebianPackage: () => aptInstall('nats-server'),
    isExecutable,
  };
}

/** The binary if it is already there (no install): for tests that start a private server. */
export function installedNatsServer(env: Env = process.env): string | null {
  const host = { ...thisMachine(env), installDebianPackage: () => false, isDebian: false };
  try {
    return findOrInstallNatsServer(host);
  } catch {
    return null;
  }
}

