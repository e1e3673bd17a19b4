import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@lipcast/contracts';
import { acceptOrCreateRequestId, runWithRequestId } from '@lipcast/nest-kit';

/** Gives every request an id (kept from the caller when sane), echoes it, and logs the outcome. */
export function requestIdMiddleware(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    const requestId = acceptOrCreateRequestId(request.headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    response.on('finish', () =>
      runWithRequestId(requestId, () =>
        logger.info(
          { method: request.method, path: request.originalUrl, status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 },
          'request',
        ),
      ),
    );
    runWithRequestId(requestId, next);
  };
}
