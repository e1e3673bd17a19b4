import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { currentRequestId } from './request-context';
import { currentTraceContext } from './tracing';

/** JSON logs with the process name, the current request id and (when tracing) the trace and span ids on every line. */
export function createLogger(service: string): Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    mixin: () => {
      const requestId = currentRequestId();
      const traced = currentTraceContext();
      if (!traced) return requestId ? { requestId } : {};
      return requestId ? { requestId, ...traced } : traced;
    },
  });
}

/** Routes Nest's own log calls through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
