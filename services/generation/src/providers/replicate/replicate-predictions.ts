import { createHmac, timingSafeEqual } from 'node:crypto';
import type Replicate from 'replicate';
import type { WebhookTarget } from '../../ports/media';
import { InvalidWebhookError, ProviderPredictions, type ProviderPrediction, type WebhookDelivery } from '../../ports/predictions.port';

/** A delivery older or newer than this is refused (a replay); Replicate's client checks no window, so we do. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * A signature that does not match reads the signing secret again (it may have been rotated), but at
 * most this often: forged deliveries on the public route must not make each a call to Replicate.
 */
export const WEBHOOK_SECRET_REFRESH_MS = 5 * 60 * 1000;

/** The signing secret as last read, and when that read started. */
interface SigningSecret {
  key: Promise<Buffer>;
  readAt: number;
}

/**
 * Replicate's predictions for parked jobs: looked up and cancelled through the SDK; webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 of `id.timestamp.body`
 * with the account's signing secret, read from `GET /v1/webhooks/default/secret` once, and again
 * after a signature that does not match at most every `WEBHOOK_SECRET_REFRESH_MS`).
 */
export class ReplicatePredictions extends ProviderPredictions {
  readonly provider = 'replicate';
  private secret: SigningSecret | null = null;

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
    const secret = this.signingSecret();
    if (!this.signedWith(await secret.key, delivery)) {
      // The secret may have been rotated: compare with a fresh read, if the last one is old enough.
      const fresh = this.refreshedSecret(secret);
      if (!fresh || !this.signedWith(await fresh.key, delivery)) throw new InvalidWebhookError('webhook signature does not match');
    }
    const prediction = JSON.parse(delivery.body) as ProviderPrediction;
    if (typeof prediction?.id !== 'string' || typeof prediction.status !== 'string') throw new InvalidWebhookError('webhook body is not a prediction');
    return prediction;
  }

  private signedWith(key: Buffer, delivery: WebhookDelivery): boolean {
    const expected = createHmac('sha256', key).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`).digest();
    return delivery.signature
      .split(' ')
      .map((part) => Buffer.from(part.split(',')[1] ?? '', 'base64'))
      .some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  }

  /** The secret as last read (read now if it never was, or the read failed). */
  private signingSecret(): SigningSecret {
    if (!this.secret) {
      const secret: SigningSecret = { key: this.readSecret(), readAt: this.now() };
      secret.key.catch(() => {
        if (this.secret === secret) this.secret = null;
      });
      this.secret = secret;
    }
    return this.secret;
  }

  /**
   * A newer read than `used`: the one another delivery started meanwhile, or a new one if `used` is
   * `WEBHOOK_SECRET_REFRESH_MS` old; null before then, however many signatures failed. A refresh that
   * fails keeps the secret it would have replaced (and still counts as the interval's read).
   */
  private refreshedSecret(used: SigningSecret): SigningSecret | null {
    if (this.secret !== used) return this.secret;
    if (this.now() - used.readAt < WEBHOOK_SECRET_REFRESH_MS) return null;
    this.secret = { key: this.readSecret().catch(() => used.key), readAt: this.now() };
    return this.secret;
  }

  private readSecret(): Promise<Buffer> {
    return this.client.webhooks.default.secret.get().then(({ key }) => Buffer.from(key.replace(/^whsec_/, ''), 'base64'));
  }
}
