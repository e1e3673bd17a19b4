/**
 * Webhook delivery like Stripe's: a signed JSON POST per event, retried after each delay on a non-2xx
 * answer or a network error, then dropped. Events about the same object go out in order, one at a time;
 * different objects' events are delivered independently (so with no order between them).
 */
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StripeEvent } from './store.ts';

/** Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">` keyed with the whsec secret. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSenderOptions {
  url?: string;
  secret: string;
  retryDelaysMs: number[];
  /** How long one attempt may take before it counts as failed. */
  timeoutMs?: number;
}

export interface WebhookSender {
  setUrl(url: string | undefined): void;
  /** Queues the event (no-op without a URL); keeps its `pending_webhooks` at 1 until delivered or dropped. */
  send(event: StripeEvent): void;
  /** Cancels pending retries and in-flight attempts, and waits for the queues to wind down. */
  stop(): Promise<void>;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  let url = options.url;
  const stopping = new AbortController();
  // Object id → the promise of its latest queued delivery.
  const queues = new Map<string, Promise<void>>();

  async function attempt(payload: string): Promise<string | null> {
    if (!url) return 'no webhook URL';
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, options.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(options.timeoutMs ?? 10_000)]),
      });
      await response.arrayBuffer();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
  }

  async function deliver(event: StripeEvent): Promise<void> {
    const payload = JSON.stringify(event);
    const delays = [...options.retryDelaysMs];
    for (let attempts = 1; ; attempts++) {
      if (stopping.signal.aborted) return;
      const failure = await attempt(payload);
      if (failure === null) break;
      const delay = delays.shift();
      if (delay === undefined || stopping.signal.aborted) {
        if (!stopping.signal.aborted) process.stderr.write(`[stripe stand-in] dropped ${event.type} ${event.id} after ${attempts} attempts: ${failure}\n`);
        break;
      }
      const waited = await sleep(delay, true, { signal: stopping.signal }).catch(() => false);
      if (!waited) return;
    }
    event.pending_webhooks = 0;
  }

  return {
    setUrl(next) {
      url = next;
    },
    send(event) {
      if (!url || stopping.signal.aborted) return;
      event.pending_webhooks = 1;
      const objectId = String((event.data.object as { id?: unknown }).id);
      const queued = (queues.get(objectId) ?? Promise.resolve()).then(() => deliver(event));
      queues.set(objectId, queued);
      void queued.then(() => {
        if (queues.get(objectId) === queued) queues.delete(objectId);
      });
    },
    async stop() {
      stopping.abort();
      await Promise.all(queues.values());
    },
  };
}
