/**
 * Webhooks as Replicate sends them: a prediction created with `webhook` (and `webhook_events_filter`
 * naming `completed`, or no filter) is POSTed there when it ends, signed with the account's secret
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`),
 * and retried on a failure, 3 attempts in all.
 */
import { createHmac } from 'node:crypto';
import { randomId, type StoredPrediction } from './predictions.ts';

const WEBHOOK_ATTEMPTS = 3;

/** Replicate reports the end of a prediction when the filter is absent or names `completed`. */
export const reportsCompletion = (filter: unknown) => filter === undefined || (Array.isArray(filter) && filter.includes('completed'));

/** One delivery attempt, with the receiver's status (0: unreachable). */
export interface WebhookDelivery {
  predictionId: string;
  url: string;
  status: number;
}

export interface WebhookSender {
  /** Every attempt, oldest first. */
  readonly deliveries: ReadonlyArray<WebhookDelivery>;
  /** Posts the ended prediction to its webhook, if it has one. */
  deliver(prediction: StoredPrediction): void;
  /** No attempts after this. */
  stop(): void;
}

export function createWebhookSender(options: { secret: string; view: (prediction: StoredPrediction) => unknown }): WebhookSender {
  const deliveries: WebhookDelivery[] = [];
  let stopped = false;

  async function deliver(prediction: StoredPrediction, url: string): Promise<void> {
    const body = JSON.stringify(options.view(prediction));
    const id = `msg_${randomId(24)}`;
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS && !stopped; attempt++) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', Buffer.from(options.secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64');
      const status = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => response.status,
        () => 0,
      );
      deliveries.push({ predictionId: prediction.id, url, status });
      if (status >= 200 && status < 300) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  return {
    deliveries,
    deliver: (prediction) => {
      if (prediction.webhook) void deliver(prediction, prediction.webhook);
    },
    stop: () => {
      stopped = true;
    },
  };
}
