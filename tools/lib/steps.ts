/** Running the project's own commands from the drivers, with timing. */
import { spawn } from 'node:child_process';
import { ROOT } from './stack.ts';

export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

export async function step(name: string, action: () => Promise<number | void>): Promise<boolean> {
  const started = Date.now();
  console.log(`\n[lipcast] ── ${name}`);
  let ok: boolean;
  try {
    const code = await action();
    ok = code === undefined || code === 0;
  } catch (error) {
    console.error(`[lipcast] ${name} failed:`, error instanceof Error ? error.message : error);
    ok = false;
  }
  console.log(`[lipcast] ── ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

/** Builds every project (Nx caches unchanged ones). */
export const build = () => run('nx', ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static']);
