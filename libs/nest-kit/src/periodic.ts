import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Runs `task` again `intervalMs` after each run ends (never two at once), until the returned stop
 * function is called; a failed run is reported to `onError` and the next one still comes. The timer
 * does not keep the process alive.
 */
export function runPeriodically(intervalMs: () => number, task: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      task()
        .catch(onError)
        .finally(schedule);
    }, intervalMs());
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * A provider that runs one pass of background work every `intervalMs()` while the application is
 * up, through `runPeriodically` (never two passes at once; a failed pass is logged as a warning and
 * the next still comes). A pass that uses MikroORM opens its own request context.
 */
export abstract class PeriodicWork implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private stopPasses: (() => void) | null = null;

  /** Names the work in the warning a failed pass logs ("the <work> failed"). */
  protected abstract readonly work: string;
  protected abstract readonly intervalMs: () => number;
  protected abstract readonly runPass: () => Promise<unknown>;
  /** Whether this process runs the work (its role, its configuration). */
  protected readonly runsHere: () => boolean = () => true;

  onApplicationBootstrap(): void {
    if (!this.runsHere()) return;
    this.stopPasses = runPeriodically(this.intervalMs, this.runPass, (error) => this.logger.warn(`the ${this.work} failed: ${String(error)}`));
  }

  onApplicationShutdown(): void {
    this.stopPasses?.();
  }
}
