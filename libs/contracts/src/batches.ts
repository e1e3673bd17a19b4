/**
 * Batches of the public API (`/api/v1/batches`): many videos from one CSV or JSON upload, each row
 * validated up front and run as one video, a few at a time per user. camelCase here and over NATS.
 */
import type { VideoSpec } from './videos';

/** The most rows one batch takes, and the largest CSV body the gateway reads. */
export const BATCH_MAX_ROWS = 100;
export const BATCH_MAX_CSV_BYTES = 1024 * 1024;
/** The CSV's header row names these columns (in any order; unknown columns are refused). */
export const BATCH_CSV_COLUMNS = ['actor', 'influencer', 'script', 'voice', 'emotion', 'speed', 'pitch'] as const;
/** A row's field: a CSV column, and the key of a JSON row. */
export type BatchRowField = (typeof BATCH_CSV_COLUMNS)[number];

/**
 * The batch CSV template's example row, one value per column of `BATCH_CSV_COLUMNS` (the columns
 * the batch parser reads): a built-in actor, a script with a comma (quoted), a voice and every optional column.
 */
export const BATCH_CSV_EXAMPLE_ROW: Record<BatchRowField, string> = {
  actor: 'ipfs-puppet-video-2',
  influencer: '',
  script: 'Hello, and welcome to our channel!',
  voice: 'Friendly_Person',
  emotion: 'happy',
  speed: '1.1',
  pitch: '0',
};

/** One CSV cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The downloadable batch CSV template: the header row of `BATCH_CSV_COLUMNS`, then `BATCH_CSV_EXAMPLE_ROW`. */
export function batchCsvTemplate(): string {
  return `${BATCH_CSV_COLUMNS.join(',')}\n${BATCH_CSV_COLUMNS.map((column) => csvCell(BATCH_CSV_EXAMPLE_ROW[column])).join(',')}\n`;
}

/** `invalid`: refused up front, never run nor charged. */
export type BatchRowStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'invalid';
export type BatchStatus = 'running' | 'completed';

/** One row as given: the fields of a video create (CSV cells are text; the service reads the numbers). */
export type BatchRowInput = { [Field in keyof Omit<VideoSpec, 'webhookUrl' | 'metadata'>]?: VideoSpec[Field] | string | null };

/** `generation.batches.create.v1`: the gateway has parsed the rows and read the user's remaining generations from the ledger. */
export interface CreateBatchRequest {
  userId: string;
  rows: BatchRowInput[];
  /** Generations the user has left (`billing.account.get.v1`): fewer than the valid rows is `PAYMENT_REQUIRED`, nothing started. */
  availableGenerations: number;
}

export interface BatchCounts {
  total: number;
  pending: number;
  running: number;
  succeeded: number;
  failed: number;
  invalid: number;
}

export interface BatchRow {
  /** 1-based, in the order given (the CSV's header is not a row). */
  row: number;
  status: BatchRowStatus;
  /** 0..1: the video's progress while it runs. */
  progress: number;
  /** The video that made (or makes) it; a retried row names its newest video. */
  videoId: string | null;
  /** Why it is invalid or failed. */
  error: string | null;
  /**
   * The field an invalid row's error is about, as the service's check decided it (`actor` for "give
   * either actor or influencer"); null for a failed row or an error about no one field. Absent from
   * services older than it.
   */
  field?: BatchRowField | null;
  /** The video's file (`/media/...`, the owner's to read) once the row succeeded. */
  url?: string | null;
}

export interface Batch {
  id: string;
  status: BatchStatus;
  createdAt: string;
  counts: BatchCounts;
  rows: BatchRow[];
}

export interface UserBatchRequest {
  userId: string;
  batchId: string;
}

/** `generation.batches.row.retry.v1`: a failed row runs again as a new video (one more generation). */
export interface RetryBatchRowRequest extends UserBatchRequest {
  row: number;
}

/** `generation.batches.list.v1`: newest first, in pages as the videos' list (`cursor` a page's `nextCursor`; `limit` 1 to `VIDEO_LIST_MAX_LIMIT`, default `VIDEO_LIST_DEFAULT_LIMIT`). */
export interface ListBatchesRequest {
  userId: string;
  cursor?: string;
  limit?: number;
}

/** Newest first, without their rows. */
export interface BatchList {
  batches: Omit<Batch, 'rows'>[];
  /** Null on the last page (absent from services older than the paged list). */
  nextCursor?: string | null;
}

/** `POST /api/batches` from the app's batch page: the uploaded CSV's text, read as `POST /api/v1/batches` reads a `text/csv` body. */
export interface CreateBatchBody {
  csv: string;
}

/** `GET /api/batches`: a page of the user's batches with its cursor (null on the last page). */
export type BatchPage = Required<BatchList>;

/** The `data` of a `batch.completed` webhook. */
