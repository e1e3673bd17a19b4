import { ApiProperty } from '@nestjs/swagger';
import {
  apiV1VideoCaptionsPath, apiV1VideoFilePath, apiV1VideoPosterPath, WEBHOOK_EVENTS, type ApiV1List, type CreatedWebhookEndpoint, type WebhookAttempt, type WebhookDelivery,
  type WebhookDeliveryStatus, type WebhookEndpoint, type WebhookEvent, type WebhookPayload, type WebhookSigningSecret,
} from '@lipcast/contracts';

/*
 * Webhook endpoints and deliveries at the edge (their requests are in `@lipcast/nest-kit/requests`).
 * The public API answers in snake_case; the profile's session routes answer the contracts' own types.
 */

const ENDPOINT_ID_EXAMPLE = '0b7e4f2a-5c1d-4e8f-9a36-7d2c1b9e8f40';
const DELIVERY_ID_EXAMPLE = '9d3a6c1e-2f4b-4a7d-8e15-6b0c3f2a1d97';
const VIDEO_ID_EXAMPLE = '3f1c9a52-7a3e-4c8e-9d59-2b1f0e6c4a10';
const URL_EXAMPLE = 'https://example.com/hooks/lipcast';
const CREATED_AT_EXAMPLE = '2026-11-26T14:00:00.000Z';
const SECRET_EXAMPLE = 'whsec_q3J9x0vQeQ5aTt1lC8mF2bYp7Rk4nWz6sHdGuVjL0eA';

/** An endpoint as `/api/v1/webhooks` answers it. */
export class ApiV1WebhookEndpointDto {
  @ApiProperty({ format: 'uuid', example: ENDPOINT_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ example: URL_EXAMPLE })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['video.succeeded', 'video.failed'] })
  events!: WebhookEvent[];

  @ApiProperty({ format: 'date-time', example: CREATED_AT_EXAMPLE })
  created_at!: string;

  @ApiProperty({
    example: false,
    description: 'true when Lipcast stopped sending to it: after 20 failed deliveries in a row (by default); `POST /webhooks/{id}/enable` enables it again',
  })
  disabled!: boolean;
}

/** `201` to a create: the endpoint and its secret, shown this once. */
export class ApiV1CreatedWebhookEndpointDto extends ApiV1WebhookEndpointDto {
  @ApiProperty({ example: SECRET_EXAMPLE, description: "signs this endpoint's deliveries (`Lipcast-Signature`); shown only now: keep it" })
  secret!: string;
}

export class ApiV1WebhookEndpointListDto implements ApiV1List<ApiV1WebhookEndpointDto> {
  @ApiProperty({ type: [ApiV1WebhookEndpointDto], description: 'newest first' })
  data!: ApiV1WebhookEndpointDto[];
}

/** `DELETE /api/v1/webhooks/{id}`: it gets nothing more. */
export class ApiV1WebhookEndpointDeletedDto {
  @ApiProperty({ format: 'uuid', example: ENDPOINT_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ enum: [true], example: true })
  deleted!: true;
}

export class ApiV1WebhookAttemptDto {
  @ApiProperty({ format: 'date-time', example: '2026-11-26T14:00:05.000Z' })
  at!: string;

  @ApiProperty({ type: Number, nullable: true, example: 200, description: "the receiver's HTTP status; null when there was none" })
  status_code!: number | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'why there was no answer (refused address, time-out, connection error)' })
  error!: string | null;

  @ApiProperty({ example: 84 })
  duration_ms!: number;
}

const PAYLOAD_EXAMPLE: WebhookPayload = {
  id: DELIVERY_ID_EXAMPLE,
  event: 'video.succeeded',
  created_at: '2026-11-26T14:00:04.000Z',
  data: {
    video_id: VIDEO_ID_EXAMPLE,
    job_id: VIDEO_ID_EXAMPLE,
    kind: 'lipsync',
    status: 'succeeded',
    url: apiV1VideoFilePath(VIDEO_ID_EXAMPLE),
    duration: 4.2,
    error: null,
    captions_url: apiV1VideoCaptionsPath(VIDEO_ID_EXAMPLE),
    poster_url: apiV1VideoPosterPath(VIDEO_ID_EXAMPLE),
    format: '9x16-1080p',
    metadata: { order: 'A-17' },
  },
};

/** A delivery as `/api/v1/webhooks/deliveries` answers it, with every attempt. */
export class ApiV1WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', example: DELIVERY_ID_EXAMPLE, description: 'also the `Lipcast-Delivery` header and the body\'s `id`' })
  id!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: ENDPOINT_ID_EXAMPLE, description: "null for a video's own `webhook_url`" })
  endpoint_id!: string | null;

  @ApiProperty({ example: URL_EXAMPLE })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'video.succeeded' })
  event!: WebhookEvent;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: PAYLOAD_EXAMPLE,
    description: "the JSON body sent; a video event's `data` says what `GET /api/v1/videos/{id}` would, as paths on this site (deliveries made before `captions_url`, `poster_url`, `format` and `metadata` existed lack them)",
  })
  payload!: WebhookPayload;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'], example: 'delivered', description: 'pending: an attempt is due; failed: the retries ran out' })
  status!: WebhookDeliveryStatus;

  @ApiProperty({ example: 1, description: 'how many attempts were made' })
  attempts!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  next_attempt_at!: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 200 })
  last_status_code!: number | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  last_error!: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T14:00:04.000Z' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-26T14:00:05.000Z' })
  delivered_at!: string | null;

  @ApiProperty({ type: [ApiV1WebhookAttemptDto], description: 'every attempt, oldest first' })
  attempt_log!: ApiV1WebhookAttemptDto[];
}

export class ApiV1WebhookDeliveryListDto implements ApiV1List<ApiV1WebhookDeliveryDto> {
  @ApiProperty({ type: [ApiV1WebhookDeliveryDto], description: 'newest first' })
  data!: ApiV1WebhookDeliveryDto[];
}

export class ApiV1WebhookSigningSecretDto implements WebhookSigningSecret {
  @ApiProperty({ example: SECRET_EXAMPLE, description: 'signs the deliveries to the `webhook_url` of your videos' })
  secret!: string;
}

/** An endpoint in the API's snake_case. */
export function apiV1WebhookEndpoint(endpoint: WebhookEndpoint): ApiV1WebhookEndpointDto {
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events, created_at: endpoint.createdAt, disabled: endpoint.disabled };
}

export function apiV1CreatedWebhookEndpoint(created: CreatedWebhookEndpoint): ApiV1CreatedWebhookEndpointDto {
  return { ...apiV1WebhookEndpoint(created), secret: created.secret };
}

const apiV1WebhookAttempt = (attempt: WebhookAttempt): ApiV1WebhookAttemptDto => ({
  at: attempt.at,
  status_code: attempt.statusCode,
  error: attempt.error,
  duration_ms: attempt.durationMs,
});

/** A delivery in the API's snake_case (its payload is already as sent). */
export function apiV1WebhookDelivery(delivery: WebhookDelivery): ApiV1WebhookDeliveryDto {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    url: delivery.url,
    event: delivery.event,
    payload: delivery.payload,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt,
    delivered_at: delivery.deliveredAt,
    attempt_log: delivery.attemptLog.map(apiV1WebhookAttempt),
  };
}
