import { ServiceError } from '@lipcast/nest-kit';

/** Where a page of videos ended: the last video's creation time (milliseconds) and id; the list goes on below it. */
export interface VideoCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An opaque token for the caller: base64url of `[milliseconds, id]`. */
export const encodeVideoCursor = (cursor: VideoCursor): string => Buffer.from(JSON.stringify([cursor.createdAt.getTime(), cursor.id])).toString('base64url');

/** The position a token names; a token this service did not make is `VALIDATION`. */
export function decodeVideoCursor(token: string): VideoCursor {
  const invalid = ServiceError.validation('cursor is not one this API gave', { field: 'cursor' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid;
  const [milliseconds, id] = parsed as unknown[];
  if (!Number.isSafeInteger(milliseconds) || (milliseconds as number) < 0 || typeof id !== 'string' || !UUID.test(id)) throw invalid;
  return { createdAt: new Date(milliseconds as number), id };
}
