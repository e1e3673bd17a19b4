import { json, text, type NextFunction, type Request, type Response } from 'express';
import { BATCH_MAX_CSV_BYTES } from '@lipcast/contracts';

/** Where a batch is uploaded: with an API key, and from the app's batch page with the session. */
export const BATCHES_PATH = '/api/v1/batches';
export const SESSION_BATCHES_PATH = '/api/batches';

/**
 * The body parsers of `POST /api/v1/batches` (and `/api/batches`, for a signed-in user), placed before the general ones: JSON `{rows}` or a
 * `text/csv` file, each up to `BATCH_MAX_CSV_BYTES`. The CSV's text is handed on as `{csv}`, so the
 * request-shape check (JSON objects only, no NUL) reads it as it reads any body.
 */
export function batchBodyParsers() {
  const jsonParser = json({ limit: BATCH_MAX_CSV_BYTES });
  const csvParser = text({ type: 'text/csv', limit: BATCH_MAX_CSV_BYTES });
  const wrapCsv = (request: Request, _response: Response, next: NextFunction) => {
    if (typeof request.body === 'string') request.body = { csv: request.body };
    next();
  };
  return [jsonParser, csvParser, wrapCsv];
}
