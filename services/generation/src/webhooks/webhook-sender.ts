import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Subjects, type WebhookDisabledMailRequest } from '@lipcast/contracts';
import { counter, histogram, inFollowUpTrace, safeFetch, ServiceClient, UnsafeUrlError } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';
import { decryptSecret, requestWebhookSecret } from './secret-box';
import { nextRetryDelay } from './retry-schedule';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signWebhook } from './webhook-signature';
import { WebhookQueue, type QueuedAttempt } from './webhook-queue';
import { WebhooksRepository, type AttemptOutcome, type WebhookDeliveryRow } from './webhooks.repository';
import { SendSlots } from './send-slots';

const webhookAttempts = counter({
  name: 'lipcast_generation_webhook_attempts_total',
  help: 'Webhook attempts, by outcome (delivered, retry, failed, refused: an address outside the public internet, manual_failed)',
  labelNames: ['outcome'],
});
const webhookAttemptSeconds = histogram({
  name: 'lipcast_generation_webhook_attempt_seconds',
  help: 'Time one webhook attempt took, redirects included',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** Attempts one process sends at once (each waits on a receiver, at most WEBHOOK_TIMEOUT_MS). */
export const SENDER_CONCURRENCY = 16;
/**
 * Of those, the most one user's attempts hold: endpoints that never answer (a tarpit) stall that
 * user's deliveries, not every customer's.
 */
export const SENDER_SLOTS_PER_USER = SENDER_CONCURRENCY / 4;
/** Attempts taken from the queue at once: room for other users' attempts beside those waiting for their user's slot. */
const SENDER_INTAKE = SENDER_CONCURRENCY * 2;
/** Attempts of one user that wait in this process for a slot; past that, one goes to the back of the queue after this pause. */
const WAITING_PER_USER = SENDER_SLOTS_PER_USER;
const REQUEUE_PAUSE_MS = 500;
const MAX_RESPONSE_BYTES = 64 * 1024;
const DISABLED = Symbol('disabled endpoint');

/**
 * Sends queued webhook attempts (worker and all-in-one processes): signs the stored payload, posts it
 * through `safeFetch`, records the attempt, and hands a failed one back to the queue with the retry
 * schedule's next wait; past the schedule, or for an address that may not be reached, it has failed.
 */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookSender.name);
  private consuming: Promise<void> | null = null;
  private readonly schedule = this.settings.webhookRetrySchedule;
  private readonly slots = new SendSlots(SENDER_CONCURRENCY, SENDER_SLOTS_PER_USER);

  constructor(
    private readonly queue: WebhookQueue,
    private readonly repository: WebhooksRepository,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
    private readonly services: ServiceClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.ensure();
    if (this.settings.GENERATION_ROLE === 'api') return;
    this.consuming = this.queue.consume(SENDER_INTAKE, (attempt) =>
      RequestContext.create(this.orm.em, () => this.send(attempt)).catch((error: unknown) => {
        // The database is away: the attempt comes back later, unrecorded.
        this.logger.error(`webhook delivery ${attempt.deliveryId} could not be processed, retrying later: ${String(error)}`);
        attempt.retryLater(5000);
      }),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stop();
    await this.consuming;
  }

  async send(queued: QueuedAttempt): Promise<void> {
    const delivery = await this.repository.delivery(queued.deliveryId);
    // Gone (its endpoint deleted), or already settled and this is a duplicate of an automatic attempt.
    if (!delivery || (!queued.manual && delivery.status !== 'pending')) return queued.done();
    const secret = await this.secretFor(delivery.userId, delivery.endpointId);
    if (secret === null) return queued.done();
    if (secret === DISABLED) {
      // Disabled since it was queued: it gets nothing more. An automatic delivery ends failed, unsent (not counted as one more failure).
      if (!queued.manual) await this.repository.failUnsent(delivery.id, 'not sent: the endpoint is disabled');
      return queued.done();
    }
    if (this.slots.demand(delivery.userId) >= SENDER_SLOTS_PER_USER + WAITING_PER_USER) return this.requeue(queued, delivery.id);
    const release = await this.slots.acquire(delivery.userId);
    try {
      await this.attempt(queued, delivery, secret);
    } finally {
      release();
    }
  }

  /**
   * Hands an attempt whose user already fills its slots and its waiting room back to the end of the
   * queue (after a pause), so other users' attempts behind it are taken meanwhile; published anew
   * with the automatic attempts it had, its retry schedule goes on where it was.
   */
  private async requeue(queued: QueuedAttempt, deliveryId: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, REQUEUE_PAUSE_MS));
    await this.queue.enqueue(deliveryId, queued.manual, `${deliveryId}:requeued:${randomUUID()}`, queued.manual ? 0 : queued.delivery - 1);
    queued.done();
  }

  private async attempt(queued: QueuedAttempt, delivery: WebhookDeliveryRow, secret: string): Promise<void> {
    const body = JSON.stringify(delivery.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Lipcast-Webhooks/1',
      [SIGNATURE_HEADER]: signWebhook(secret, body),
      [EVENT_HEADER]: delivery.event,
      [DELIVERY_HEADER]: delivery.id,
    };
    const started = process.hrtime.bigint();
    let statusCode: number | null = null;
    let error: string | null = null;
    let refused = false;
    let raw = ''; // the error as the network gave it, for this process's log only
    try {
      const response = await safeFetch(delivery.url, { method: 'POST', headers, body }, {
        allowLoopback: this.settings.WEBHOOK_ALLOW_LOOPBACK === 'true',
        allowedPorts: this.settings.webhookAllowedPorts,
        timeoutMs: this.settings.WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: MAX_RESPONSE_BYTES,
      });
      statusCode = response.status;
      if (statusCode < 200 || statusCode > 299) error = `the receiver answered HTTP ${statusCode}`;
    } catch (reason) {
      refused = reason instanceof UnsafeUrlError;
      error = deliveryFailureReason(reason);
      if (!refused) raw = ` (${String(reason).slice(0, 300)})`;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    webhookAttemptSeconds.observe(seconds);

    const retryInMs = error && !refused && !queued.manual ? nextRetryDelay(this.schedule, queued.delivery) : null;
    // A manual attempt that fails leaves the delivery as it was (an automatic retry may still be due).
    const outcome: AttemptOutcome = !error
      ? { status: 'delivered' }
      : queued.manual
        ? { status: 'unchanged' }
        : retryInMs !== null
          ? { status: 'pending', retryInMs }
          : { status: 'failed' };
    const endpoint = delivery.endpointId ? { id: delivery.endpointId, disableAfterFailures: this.settings.WEBHOOK_DISABLE_AFTER_FAILURES } : undefined;
    const disabled = await this.repository.recordAttempt(delivery.id, { statusCode, error, durationMs: Math.round(seconds * 1000) }, outcome, endpoint);
    if (disabled && delivery.endpointId) this.endpointDisabled(delivery, delivery.endpointId, disabled.failures);
    webhookAttempts.inc({ outcome: refused ? 'refused' : outcome.status === 'pending' ? 'retry' : queued.manual && error ? 'manual_failed' : outcome.status });
    if (outcome.status === 'pending') return queued.retryLater(outcome.retryInMs);
    if (error) this.logger.warn(`webhook delivery ${delivery.id} to ${new URL(delivery.url).host} ${outcome.status === 'failed' ? 'failed' : 'attempt failed'}: ${error}${raw}`);
    queued.done();
  }

  /**
   * This delivery's failure disabled its endpoint: asks content to tell the owner (which endpoint, why,
   * how to enable it). Not awaited: the mail never holds up or changes the delivery.
   */
  private endpointDisabled(delivery: WebhookDeliveryRow, endpointId: string, failures: number): void {
    this.logger.warn(`webhook endpoint ${endpointId} disabled after ${failures} failed deliveries in a row`);
    const request: WebhookDisabledMailRequest = { userId: delivery.userId, endpointId, url: delivery.url, failures, deliveryId: delivery.id };
    inFollowUpTrace('webhook endpoint disabled mail', () => this.services.send(Subjects.content.mailWebhookDisabled, request)).catch(
      (error: unknown) => this.logger.warn(`webhook endpoint ${endpointId} was disabled, but its owner's mail was not sent: ${String(error)}`),
    );
  }

  /** The endpoint's secret (null when the endpoint is gone, `DISABLED` when it is disabled), or the user's request-webhook secret. */
  private async secretFor(userId: string, endpointId: string | null): Promise<string | typeof DISABLED | null> {
    if (!endpointId) return requestWebhookSecret(this.settings.WEBHOOK_SECRET_KEY, userId);
    const endpoint = await this.repository.endpoint(endpointId);
    if (endpoint?.disabled) return DISABLED;
    return endpoint ? decryptSecret(this.settings.WEBHOOK_SECRET_KEY, endpoint.encryptedSecret) : null;
  }
}

/**
 * What the delivery log (read by the endpoint's owner) shows of a failed attempt: the reason of a
 * refusal (ours, given before any connection), else one generic phrase per kind of failure. Never
 * the raw error: "connect ECONNREFUSED <address>:<port>" against "socket hang up" against a time-out
 * told an owner which hosts and ports answer, and how: a port scanner. The process's own log keeps it.
 */
export function deliveryFailureReason(reason: unknown): string {
  if (reason instanceof UnsafeUrlError) return `refused: ${reason.message}`;
  const { name, code } = (typeof reason === 'object' && reason !== null ? reason : {}) as { name?: unknown; code?: unknown };
  // The attempt's own deadline (WEBHOOK_TIMEOUT_MS) is its only abort.
  if (name === 'TimeoutError' || name === 'AbortError') return 'timed out';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (typeof code === 'string' && /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) return 'TLS failed';
  return 'connection failed';
}
