import { VIDEO_LIST_MAX_LIMIT } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import type { ListVideosQueryDto } from './videos.dto';

/** Absent, not empty: `?cursor=&limit=` asks for the first page of the default size. */
const given = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

/**
 * The page a list's query asks for (`GET /api/v1/videos`, `/api/v1/batches`, the app's `/api/batches`):
 * the cursor as given (the service checks it), the limit as the whole number the subjects carry (the
 * service checks its range); a limit that is no whole number is refused here with the service's words.
 */
export function listPageOf(query: ListVideosQueryDto): { cursor?: string; limit?: number } {
  const cursor = given(query.cursor);
  const limit = given(query.limit);
  if (limit !== undefined && !/^\d{1,6}$/.test(limit)) throw ServiceError.validation(`limit must be a whole number from 1 to ${VIDEO_LIST_MAX_LIMIT}`, { field: 'limit' });
  return { cursor, limit: limit === undefined ? undefined : Number(limit) };
}
