/**
 * Where a running stack can be reached: `startStack` writes its NATS and object-store endpoints (and
 * the embedded store's credentials) to `<dataDir>/stack.json` and removes the file when it stops, so
 * operator commands run beside `npm start` (`npm run remote -- …`) find embedded servers on random
 * ports without anyone copying them by hand. Variables set in the environment always win.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The variables an operator command may take from the running stack. */
export const STACK_FILE_VARIABLES = ['NATS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'] as const;
type StackVariable = (typeof STACK_FILE_VARIABLES)[number];

export const stackFileIn = (dataDir: string) => join(dataDir, 'stack.json');

export function writeStackFile(file: string, env: Record<string, string>): void {
  const reachable = Object.fromEntries(STACK_FILE_VARIABLES.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
  // Owner-only: it holds the object store's secret key.
  writeFileSync(file, `${JSON.stringify(reachable, null, 2)}\n`, { mode: 0o600 });
}

export function removeStackFile(file: string): void {
  rmSync(file, { force: true });
}

/**
 * The environment completed from the stack file: each variable not set in `env` is taken from the
 * file when it names it. No file (nothing running) leaves `env` as it is.
 */
export function withStackFile(env: NodeJS.ProcessEnv, file: string): NodeJS.ProcessEnv {
  let running: Partial<Record<StackVariable, string>>;
  try {
    running = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<StackVariable, string>>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new Error(`${file} is not a stack file (${(error as Error).message}); remove it, or restart npm start.`);
  }
  const completed = { ...env };
  for (const name of STACK_FILE_VARIABLES) if (!completed[name] && running[name]) completed[name] = running[name];
  return completed;
}
