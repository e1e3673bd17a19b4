/** Outbound webhooks: the events a user's endpoints may subscribe to, their deliveries and attempts. */
import type { BatchCounts } from './batches';
import type { VideoFormatId } from './video-formats';

export const WEBHOOK_EVENTS = ['video.succeeded', 'video.failed', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';
/** The longest endpoint URL a registration takes. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** A deliveries list holds at most this many (50 when the caller does not say). */
export const WEBHOOK_DELIVERIES_MAX_LIMIT = 200;
export const WEBHOOK_DELIVERIES_DEFAULT_LIMIT = 50;

/** A registered endpoint, as listed (its secret is shown only once, at creation). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  disabled: boolean;
  /**
   * Its failed deliveries in a row (a delivered one resets it); at `WEBHOOK_DISABLE_AFTER_FAILURES`
   * it is disabled, and while disabled this is the count that disabled it (enabling resets it).
   */
  consecutiveFailures: number;
}

/** `generation.webhooks.endpoints.create.v1`: an http(s) URL and at least one event. */
export interface CreateWebhookEndpointRequest {
  userId: string;
  url: string;
  events: WebhookEvent[];
}

/** The created endpoint with the secret its deliveries are signed with: the only time it is shown. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface WebhookEndpointRequest {
  userId: string;
  endpointId: string;
}

/** `generation.webhooks.deliveries.list.v1`: the user's deliveries, newest first. */
export interface WebhookDeliveriesRequest {
  userId: string;
  /** Only this endpoint's. */
  endpointId?: string;
  /** Default 50, at most 200. */
  limit?: number;
}

export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status, or null when there was none (refused address, time-out, connection error). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  /** Null for a request's own `webhook_url`. */
  endpointId: string | null;
  url: string;
  event: WebhookEvent;
  payload: WebhookPayload;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** Every attempt, oldest first. */
  attemptLog: WebhookAttempt[];
}

export interface WebhookDeliveryRequest {
  userId: string;
  deliveryId: string;
}

/** `generation.webhooks.secret.get.v1`: the secret that signs deliveries to a request's own `webhook_url`. */
export interface WebhookSigningSecret {
  secret: string;
}

/** What a video event says about the video. */
export interface WebhookVideoData {
  video_id: string;
  job_id: string;
  kind: string;
  status: 'succeeded' | 'failed';
  /** The video's URL when it succeeded. */
  url: string | null;
  /** Its length in seconds, when known. */
  duration: number | null;
  error: string | null;
  // Also what `GET /api/v1/videos/{id}` says, so a receiver need not ask; optional because deliveries stored before them lack them.
  /** Its word-timed captions (WebVTT; `?format=srt` for SubRip) when it succeeded, on the site like `url`; null without them. */
  captions_url?: string | null;
  /** Its poster (the first frame, WebP) when it succeeded, on the site like `url`; null without one (videos made before posters). */
  poster_url?: string | null;
  /** The format it was made in. */
  format?: VideoFormatId;
  /** The `metadata` given when it was made through the API (answered as given); null otherwise. */
  metadata?: Record<string, unknown> | null;
}

/** What `batch.completed` says about the batch. */
export interface WebhookBatchData {
  batch_id: string;
  counts: BatchCounts;
}

/** The body of every delivery (JSON); `id` is the delivery's (also in `Lipcast-Delivery`). */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  created_at: string;
  /** A video's for `video.*`, a batch's for `batch.completed`. */
  data: WebhookVideoData | WebhookBatchData;
}
