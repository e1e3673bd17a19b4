import { ServiceError } from '@lipcast/nest-kit';

/**
 * Where a page of a newest-first list (videos, batches) ended: the last item's creation time
 * (milliseconds) and id; the list goes on below it.
 */
export interface ListCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An opaque token for the caller: base64url of `[milliseconds, id]`. */
export const encodeListCursor = (cursor: ListCursor): string => Buffer.from(JSON.stringify([cursor.createdAt.getTime(), cursor.id])).toString('base64url');

/** The position a token names; a token this service did not make is `VALIDATION`. */
export function decodeListCursor(token: string): ListCursor {
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

/**
 * One page from the rows a repository read with `limit + 1` (newest first, below the cursor): the
 * first `limit`, and the cursor of the last when more follow (null on the last page).
 */
export function pageOf<Row extends ListCursor>(rows: Row[], limit: number): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeListCursor({ createdAt: last.createdAt, id: last.id }) : null };
}
