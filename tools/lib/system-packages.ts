/**
 * What the project needs from the machine beyond npm: Debian's packages, installed by `npm start`
 * and `npm test` when they run as root on Debian (as a fresh machine of this kind is), else named
 * with the one command that installs them.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Installs Debian packages as root. */
export function aptInstall(...packageNames: string[]): boolean {
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', ...packageNames], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

export interface SystemPackage {
  /** The file the package puts on the machine. */
  binary: string;
  /** A command of that name on the PATH will do as well (another system's package of it). */
  onPath?: string;
  /** Debian's package name. */
  debianPackage: string;
  /** Why the project needs it, for the message when it cannot be installed here. */
  purpose: string;
}

export const CHROMIUM: SystemPackage = { binary: '/usr/bin/chromium', debianPackage: 'chromium', purpose: 'the end-to-end tests and the benchmarks drive it' };
/** Debian's ffmpeg: maintained, with security updates (the production image installs the same package). */
export const FFMPEG: SystemPackage = { binary: '/usr/bin/ffmpeg', onPath: 'ffmpeg', debianPackage: 'ffmpeg', purpose: 'every video and sound is made and read with it' };

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean).some((folder) => {
    try {
      accessSync(join(folder, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const isPresent = (entry: SystemPackage) => existsSync(entry.binary) || (entry.onPath !== undefined && onPath(entry.onPath));

/** Installs what is missing (as root on Debian); 0 when everything is there, else 1 with the install command printed. */
export function ensureSystemPackages(packages: SystemPackage[]): number {
  const missing = packages.filter((entry) => !isPresent(entry));
  if (!missing.length) return 0;
  const names = missing.map((entry) => entry.debianPackage);
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log(`[lipcast] installing Debian's ${names.join(', ')} (apt-get install ${names.join(' ')})`);
    if (aptInstall(...names) && missing.every(isPresent)) return 0;
    console.error(`[lipcast] apt-get install ${names.join(' ')} failed; see the output above.`);
    return 1;
  }
  for (const entry of missing) console.error(`[lipcast] ${entry.debianPackage} is missing at ${entry.binary} (${entry.purpose}).`);
  console.error(`[lipcast] Install it: sudo apt-get install -y ${names.join(' ')}   (elsewhere, your system's ${names.join(' and ')} package)`);
  return 1;
}
