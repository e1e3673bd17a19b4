import { createHmac, timingSafeEqual } from 'node:crypto';
import type Replicate from 'replicate';
import type { WebhookTarget } from '../../ports/media';
import { InvalidWebhookError, ProviderPredictions, type ProviderPrediction, type WebhookDelivery } from '../../ports/predictions.port';

/** A delivery older or newer than this is refused (a replay); Replicate's client checks no window, so we do. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * Replicate's predictions for parked jobs: looked up and cancelled through the SDK; webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 of `id.timestamp.body`
 * with the account's signing secret, read once from `GET /v1/webhooks/default/secret`).
 */
export class ReplicatePredictions extends ProviderPredictions {
  readonly provider = 'replicate';
  private secret: Promise<Buffer> | null = null;

  constructor(
    private readonly client: Replicate,
    private readonly webhookUrl: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async get(predictionId: string, signal: AbortSignal): Promise<ProviderPrediction> {
    return (await this.client.predictions.get(predictionId, { signal })) as unknown as ProviderPrediction;
  }

  async cancel(predictionId: string): Promise<void> {
    await this.client.predictions.cancel(predictionId);
  }

  webhook(): WebhookTarget | undefined {
    return this.webhookUrl ? { url: this.webhookUrl } : undefined;
  }

  async verifyWebhook(delivery: WebhookDelivery): Promise<ProviderPrediction> {
    const sentAt = Number(delivery.timestamp) * 1000;
    if (!Number.isFinite(sentAt) || Math.abs(this.now() - sentAt) > WEBHOOK_TOLERANCE_MS) throw new InvalidWebhookError('webhook timestamp outside the tolerance');
    const expected = createHmac('sha256', await this.signingSecret()).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`).digest();
    const matches = delivery.signature
      .split(' ')
      .map((part) => Buffer.from(part.split(',')[1] ?? '', 'base64'))
      .some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
    if (!matches) {
      this.secret = null; // the secret may have been rotated: read it again next time
      throw new InvalidWebhookError('webhook signature does not match');
    }
    const prediction = JSON.parse(delivery.body) as ProviderPrediction;
    if (typeof prediction?.id !== 'string' || typeof prediction.status !== 'string') throw new InvalidWebhookError('webhook body is not a prediction');
    return prediction;
  }

  private signingSecret(): Promise<Buffer> {
    this.secret ??= this.client.webhooks.default.secret.get().then(({ key }) => Buffer.from(key.replace(/^whsec_/, ''), 'base64'));
    this.secret.catch(() => (this.secret = null));
    return this.secret;
  }
}
