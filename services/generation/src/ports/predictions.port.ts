import type { WebhookTarget } from './media';

/** A provider's prediction as it reports it: at least its id and status (and, once ended, its output or error). */
export type ProviderPrediction = Record<string, unknown> & { id: string; status: string };

/** A signed webhook delivery as received (the body byte for byte, its signature headers). */
export interface WebhookDelivery {
  body: string;
  id: string;
  timestamp: string;
  signature: string;
}

/** A webhook delivery whose signature, age or body is wrong: refused (400), the provider retries a real one. */
export class InvalidWebhookError extends Error {}

/**
 * The predictions of the provider that runs jobs' heavy calls (Replicate), as parked jobs need them:
 * looked up by id, cancelled, reported by signed webhooks. `NoPredictions` when no port uses a provider.
 */
export abstract class ProviderPredictions {
  abstract readonly provider: string;
  abstract get(predictionId: string, signal: AbortSignal): Promise<ProviderPrediction>;
  abstract cancel(predictionId: string): Promise<void>;
  /** Where the provider reports ends of predictions; undefined means they are polled. */
  abstract webhook(): WebhookTarget | undefined;
  /** The prediction a delivery reports, once its signature and age are checked; throws otherwise. */
  abstract verifyWebhook(delivery: WebhookDelivery): Promise<ProviderPrediction>;
}

/** Nothing runs at a provider (the embedded engine does it all). */
export class NoPredictions extends ProviderPredictions {
  readonly provider = 'none';
  get(): Promise<ProviderPrediction> {
    return Promise.reject(new Error('No provider runs predictions here'));
  }
  async cancel(): Promise<void> {}
  webhook(): undefined {
    return undefined;
  }
  verifyWebhook(): Promise<ProviderPrediction> {
    return Promise.reject(new Error('No provider sends webhooks here'));
  }
}
