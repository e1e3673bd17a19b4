import { createReplicateClient, type PollingOptions } from './replicate-client';
import { ReplicateImage } from './replicate-image';
import { ReplicateImageToVideo } from './replicate-image-to-video';
import { ReplicateLipSync } from './replicate-lipsync';
import { ReplicateSpeech } from './replicate-speech';

export interface ReplicateProvidersOptions {
  /** REPLICATE_API_TOKEN; missing → ProviderError 'missing-key' ("API key missing: set REPLICATE_API_TOKEN"). */
  apiToken: string | undefined;
  baseUrl?: string;
  /** `owner/name` per port; the adapters' defaults otherwise. */
  models?: { speech?: string; lipSync?: string; image?: string; imageToVideo?: string };
  /** Applied to every adapter (tests poll every few ms). */
  polling?: Partial<PollingOptions>;
}

/** The four production adapters on one Replicate client. */
export function createReplicateProviders(options: ReplicateProvidersOptions) {
  const client = createReplicateClient({ apiToken: options.apiToken, baseUrl: options.baseUrl });
  const models = options.models ?? {};
  const polling = options.polling;
  return {
    speech: new ReplicateSpeech({ client, model: models.speech, polling }),
    lipSync: new ReplicateLipSync({ client, model: models.lipSync, polling }),
    image: new ReplicateImage({ client, model: models.image, polling }),
    imageToVideo: new ReplicateImageToVideo({ client, model: models.imageToVideo, polling }),
  };
}
