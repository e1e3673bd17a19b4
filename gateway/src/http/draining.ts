import type { Server } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Whether the gateway is draining (SIGTERM): held lip-sync and clip requests then answer at once
 * with the job's current state (202: the client asks again and rejoins the same job, on another
 * replica), and job event streams end (the browser's EventSource reconnects elsewhere).
 */
@Injectable()
export class Draining {
  private readonly controller = new AbortController();
  /** Aborts when draining begins. */
  readonly signal = this.controller.signal;

  begin(): void {
    this.controller.abort();
  }
}

/** How often connections left idle (keep-alive between requests) are closed while draining. */
const IDLE_SWEEP_MS = 200;

/**
 * The gateway's graceful shutdown: stop accepting connections, answer or end what is held open
 * (see `Draining`), let in-flight requests finish (every later answer says `Connection: close`)
 * within `graceMs`, then close whatever is left and the application (NATS, PostgreSQL).
 */
export async function drainGateway(app: INestApplication, graceMs: number, logger: Logger): Promise<void> {
  const server = app.getHttpServer() as Server;
  logger.info({ graceMs }, 'gateway draining: no new connections; held requests answered, streams ended');
  server.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  app.get(Draining).begin();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idleSweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const graceOver = setTimeout(() => {
    logger.warn('gateway drain: grace period over, closing the connections left');
    server.closeAllConnections();
  }, graceMs);
  await closed;
  clearInterval(idleSweep);
  clearTimeout(graceOver);
  await app.close();
  logger.info('gateway stopped');
}
