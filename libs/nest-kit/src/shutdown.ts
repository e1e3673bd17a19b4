import type { Logger } from 'pino';

/** Time beyond SHUTDOWN_GRACE_SECONDS for closing connections before a stuck shutdown is cut short. */
export const SHUTDOWN_MARGIN_SECONDS = 10;

/**
 * A process's graceful stop: on the first SIGTERM or SIGINT, `shutdown` runs (a service's Nest
 * shutdown hooks, where a worker drains its jobs; the gateway's drain), then the process exits 0.
 * A later signal changes nothing, and past the grace period plus a margin the process exits 1
 * anyway, so an orchestrator never has to kill it mid-write.
 */
export function stopOnSignals(name: string, graceSeconds: number, logger: Logger, shutdown: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceSeconds }, `${name} stopping (${signal})`);
    setTimeout(() => {
      logger.error(`${name} did not stop within ${graceSeconds + SHUTDOWN_MARGIN_SECONDS} s; exiting`);
      process.exit(1);
    }, (graceSeconds + SHUTDOWN_MARGIN_SECONDS) * 1000).unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `${name} shutdown failed`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
}
