import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, WEBHOOK_DELIVERIES_DEFAULT_LIMIT, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent, type WebhookPayload, type WebhookSigningSecret } from '@lipcast/contracts';
import { counter, ServiceError } from '@lipcast/nest-kit';
import { JobCompletions } from '../jobs/job-completions';
import type { Job } from '../jobs/job.entity';
import { GenerationSettings } from '../settings';
import { VideosRepository } from '../videos/videos.repository';
import { isEndedJob, videoEventData } from './video-event-data';
import { refuseUnreachableWebhookUrl } from './webhook-address';
import { encryptSecret, newWebhookSecret, requestWebhookSecret } from './secret-box';
import { WebhookQueue } from './webhook-queue';
import { WebhooksRepository, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEndpointRow } from './webhooks.repository';

const webhookDeliveriesQueued = counter({
  name: 'lipcast_generation_webhook_deliveries_queued_total',
  help: 'Webhook deliveries created, by event and receiver (endpoint or request URL)',
  labelNames: ['event', 'receiver'],
});

/** Users' webhook endpoints, the deliveries of their events, and manual redelivery; deliveries are only queued here, never sent. */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly videos: VideosRepository,
    private readonly queue: WebhookQueue,
    private readonly settings: GenerationSettings,
    completions: JobCompletions,
  ) {
    // A video job that succeeded or failed queues its `video.succeeded`/`video.failed` deliveries.
    completions.onEnd((job, mediaSeconds) => this.videoEnded(job, mediaSeconds));
  }

  async createEndpoint(userId: string, url: string, events: WebhookEvent[]): Promise<CreatedWebhookEndpoint> {
    // An endpoint the senders would refuse is refused when it is registered.
    await refuseUnreachableWebhookUrl(url, 'url', this.settings.WEBHOOK_ALLOW_LOOPBACK === 'true');
    const secret = newWebhookSecret();
    const limit = this.settings.WEBHOOK_ENDPOINTS_PER_USER;
    const endpoint = await this.repository.createEndpointWithin(limit, userId, url, [...new Set(events)], encryptSecret(this.settings.WEBHOOK_SECRET_KEY, secret));
    // Each endpoint is one more signed POST per event: a bound keeps one account from fanning an event out to a victim.
    if (!endpoint) throw ServiceError.validation(`You have ${limit} webhook endpoints, the most allowed: delete one before adding another`, { field: 'url', limit });
    return { ...toEndpoint(endpoint), secret };
  }

  async listEndpoints(userId: string): Promise<WebhookEndpoint[]> {
    return (await this.repository.endpoints(userId)).map(toEndpoint);
  }

  async deleteEndpoint(userId: string, endpointId: string): Promise<{ deleted: true }> {
    if (!(await this.repository.deleteEndpoint(userId, endpointId))) throw ServiceError.notFound('No such webhook endpoint');
    return { deleted: true };
  }

  /** Enables the user's endpoint again (one disabled after `WEBHOOK_DISABLE_AFTER_FAILURES` failed deliveries in a row), its count reset. */
  async enableEndpoint(userId: string, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.repository.enableEndpoint(userId, endpointId);
    if (!endpoint) throw ServiceError.notFound('No such webhook endpoint');
    return toEndpoint(endpoint);
  }

  signingSecret(userId: string): WebhookSigningSecret {
    return { secret: requestWebhookSecret(this.settings.WEBHOOK_SECRET_KEY, userId) };
  }

  async listDeliveries(userId: string, limit = WEBHOOK_DELIVERIES_DEFAULT_LIMIT, endpointId?: string): Promise<WebhookDelivery[]> {
    const deliveries = await this.repository.deliveries(userId, limit, endpointId);
    const attempts = await this.repository.attempts(deliveries.map((delivery) => delivery.id));
    return deliveries.map((delivery) => toDelivery(delivery, attempts));
  }

  /**
   * Queues one more attempt of the user's delivery now, whatever its status; at most
   * `WEBHOOK_REDELIVERIES_PER_HOUR` per receiver (endpoint, or request URL) in an hour, so a user
   * cannot turn redelivery into a stream of signed POSTs at someone.
   */
  async redeliver(userId: string, deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await this.repository.delivery(deliveryId);
    if (!delivery || delivery.userId !== userId) throw ServiceError.notFound('No such webhook delivery');
    if (delivery.endpointId && (await this.repository.endpoint(delivery.endpointId))?.disabled) {
      throw new ServiceError(ErrorCode.Conflict, 'This webhook endpoint is disabled: enable it before redelivering to it');
    }
    const limit = this.settings.WEBHOOK_REDELIVERIES_PER_HOUR;
    const receiver = delivery.endpointId ?? `url:${userId}:${delivery.url}`;
    if (!(await this.repository.countRedeliveryWithin(limit, { userId, receiver, deliveryId: delivery.id }))) {
      const what = delivery.endpointId ? 'This webhook endpoint' : 'This webhook URL';
      throw new ServiceError(ErrorCode.RateLimited, `${what} was redelivered ${limit} times in the last hour, the most allowed: try again later`, { limit });
    }
    await this.queue.enqueue(delivery.id, true, `${delivery.id}:manual:${randomUUID()}`);
    return toDelivery(delivery, await this.repository.attempts([delivery.id]));
  }

  /**
   * A video job just ended (succeeded or failed): one delivery per endpoint of its user subscribed to
   * the event, and one to the job's own `webhookUrl`, each queued for the senders.
   */
  async videoEnded(job: Job, durationSeconds: number | null): Promise<void> {
    if (!isEndedJob(job)) return;
    const event: WebhookEvent = job.status === 'succeeded' ? 'video.succeeded' : 'video.failed';
    const receivers: { endpointId: string | null; url: string }[] = (await this.repository.subscribers(job.userId, event)).map((endpoint) => ({ endpointId: endpoint.id, url: endpoint.url }));
    if (job.input.webhookUrl) receivers.push({ endpointId: null, url: job.input.webhookUrl });
    if (receivers.length === 0) return;
    const data = videoEventData(job, await this.videos.findByJob(job.userId, job.id), durationSeconds);
    for (const receiver of receivers) await this.queueDelivery(job.userId, receiver, event, data);
    this.logger.log(`job ${job.id}: ${receivers.length} ${event} webhook deliveries queued`);
  }

  /** One delivery of `event` with `data` to `receiver` (an endpoint, or a request's own URL), queued for the senders. */
  async queueDelivery(userId: string, receiver: { endpointId: string | null; url: string }, event: WebhookEvent, data: WebhookPayload['data']): Promise<void> {
    const id = randomUUID();
    const payload: WebhookPayload = { id, event, created_at: new Date().toISOString(), data };
    await this.repository.createDelivery({ id, userId, ...receiver, event, payload });
    await this.queue.enqueue(id, false, id);
    webhookDeliveriesQueued.inc({ event, receiver: receiver.endpointId ? 'endpoint' : 'request' });
  }
}

function toEndpoint(endpoint: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    createdAt: endpoint.createdAt.toISOString(),
    disabled: endpoint.disabled,
    consecutiveFailures: endpoint.consecutiveFailures,
  };
}

function toDelivery(delivery: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    url: delivery.url,
    event: delivery.event,
    payload: delivery.payload,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    attemptLog: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({ at: attempt.at.toISOString(), statusCode: attempt.statusCode, error: attempt.error, durationMs: attempt.durationMs })),
  };
}
