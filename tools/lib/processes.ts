/**
 * For integration tests that run Lipcast's built processes (`dist/`) as production does: spawning
 * them, following their output, stopping them with a signal. An app's own tests start another app
 * this way (a service its own depends on, e.g. generation's tests start billing), never by importing
 * its code; they run after the builds (`npm test`, the Nx test target).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export const GATEWAY_ENTRY = resolve(ROOT, 'gateway/dist/main.js');
export const serviceEntry = (service: string) => resolve(ROOT, `services/${service}/dist/main.js`);
/** Preloaded into every process started here: it ends when the test that started it dies. */
export const EXIT_WITH_PARENT = resolve(ROOT, 'tools/lib/exit-with-parent.cjs');

export interface RunningProcess {
  child: ChildProcess;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM (or another signal), then its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node <entry>` with `env` over this process's environment; resolves once it printed `readyText`. */
export function startProcess(entry: string, env: Record<string, string>, readyText: string, timeoutMs = 60_000): Promise<RunningProcess> {
  return startCommand(process.execPath, ['--require', EXIT_WITH_PARENT, entry], { LOG_LEVEL: 'info', ...env }, readyText, timeoutMs);
}

/** Starts `command` (a server of the test's own: nats-server, the S3 server); resolves once it printed `readyText`. */
export function startCommand(command: string, args: string[], env: Record<string, string>, readyText: string, timeoutMs = 60_000): Promise<RunningProcess> {
  const entry = [command, ...args].join(' ');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  const running: RunningProcess = {
    child,
    exited,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not print "${readyText}" within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolvePromise(running);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/**
 * A built service as production runs it, on this process's environment with `env` over it: its
 * migrations first (`dist/migrate.js`, as the deploy's migrate step), then the service itself;
 * resolves once it answers (its ops listener is up after its NATS handlers).
 */
export async function startService(service: string, env: Record<string, string> = {}): Promise<RunningProcess> {
  const migrate = await startProcess(resolve(ROOT, `services/${service}/dist/migrate.js`), env, `[${service}] migrations:`);
  const code = await migrate.exited;
  if (code !== 0) throw new Error(`${service}'s migrations exited (${code}):\n${migrate.output()}`);
  return startProcess(serviceEntry(service), { OPS_PORT: '0', ...env }, `${service} ops listener on`);
}
