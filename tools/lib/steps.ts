/** Running the project's own commands from the drivers, with wall and CPU timing per step. */
import { spawn } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack.ts';

export interface StepTiming {
  name: string;
  seconds: number;
  /** CPU seconds of the commands the step ran (with their descendants) and of this driver meanwhile. */
  cpuSeconds: number;
}

/** Every step of this process, in the order they ended. */
export const stepTimings: StepTiming[] = [];
const currentStep = new AsyncLocalStorage<{ childCpuSeconds: number }>();
const CPU_TIMED = join(import.meta.dirname, 'cpu-timed.cjs');

/** Runs a command to its end; its CPU time counts towards the step it runs in. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'lipcast-cpu-'));
  const report = join(folder, 'cpu.json');
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [CPU_TIMED, report, command, ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code, signal) => {
      try {
        const { cpuSeconds } = JSON.parse(readFileSync(report, 'utf8')) as { cpuSeconds: number | null };
        const step = currentStep.getStore();
        if (step && cpuSeconds !== null) step.childCpuSeconds += cpuSeconds;
      } catch {
        // Killed before it could write its report: the step's CPU misses this command.
      }
      rmSync(folder, { recursive: true, force: true });
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

export async function step(name: string, action: () => Promise<number | void>): Promise<boolean> {
  const started = Date.now();
  const ownCpuAtStart = process.cpuUsage();
  const record = { childCpuSeconds: 0 };
  console.log(`\n[lipcast] ── ${name}`);
  let ok: boolean;
  try {
    const code = await currentStep.run(record, action);
    ok = code === undefined || code === 0;
  } catch (error) {
    console.error(`[lipcast] ${name} failed:`, error instanceof Error ? error.message : error);
    ok = false;
  }
  const ownCpu = process.cpuUsage(ownCpuAtStart);
  const seconds = (Date.now() - started) / 1000;
  const cpuSeconds = record.childCpuSeconds + (ownCpu.user + ownCpu.system) / 1e6;
  stepTimings.push({ name, seconds: round(seconds), cpuSeconds: round(cpuSeconds) });
  console.log(`[lipcast] ── ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s, CPU ${cpuSeconds.toFixed(1)} s)`);
  return ok;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Builds every project (Nx caches unchanged ones). */
export const build = () => run('nx', ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static']);
