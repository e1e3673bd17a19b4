import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { errorResponse, loggedDetails } from './error-response';
import { recordRefusal } from './http-metrics';

/** Every error leaving the gateway is JSON; unexpected ones are logged with the request id. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body, headers } = errorResponse(exception);
    if (status === 503) this.logger.warn({ status, message: body.message, details: loggedDetails(exception) }, 'a service or dependency is unavailable');
    else if (status >= 500) this.logger.error({ err: exception, status }, 'request failed');
    if (status === 429) recordRefusal(body.quotaExceeded ? 'quota' : 'rate_limit');
    if (response.headersSent) return void response.end();
    if (headers) response.set(headers);
    response.status(status).json(body);
  }
}
