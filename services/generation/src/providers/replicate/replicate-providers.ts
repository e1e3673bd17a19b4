import { createReplicateClient, type PollingOptions } from './replicate-client';
import { ReplicateImage } from './replicate-image';
import { ReplicateImageToVideo } from './replicate-image-to-video';
import { ReplicateLipSync } from './replicate-lipsync';
import { ReplicatePredictions } from './replicate-predictions';
import { ReplicateSpeech } from './replicate-speech';
import { cloneTargetOf, ReplicateVoiceClone } from './replicate-voice-clone';

export interface ReplicateProvidersOptions {
  /** REPLICATE_API_TOKEN; missing → ProviderError 'missing-key' ("API key missing: set REPLICATE_API_TOKEN"). */
  apiToken: string | undefined;
  baseUrl?: string;
  /** `owner/name` or `owner/name:version` per port; the adapters' defaults otherwise. */
  models?: { speech?: string; lipSync?: string; image?: string; imageToVideo?: string; voiceClone?: string };
  /** Applied to every adapter (tests poll every few ms). */
  polling?: Partial<PollingOptions>;
  /** REPLICATE_WEBHOOK_URL: where parked jobs' predictions report their end; unset, they are polled. */
  webhookUrl?: string;
}

/** The production adapters (speech, lip-sync, image, image→video, voice cloning), and the predictions parked jobs wait on, on one Replicate client. */
export function createReplicateProviders(options: ReplicateProvidersOptions) {
  const client = createReplicateClient({ apiToken: options.apiToken, baseUrl: options.baseUrl });
  const models = options.models ?? {};
  const polling = options.polling;
  return {
    speech: new ReplicateSpeech({ client, model: models.speech, polling }),
    lipSync: new ReplicateLipSync({ client, model: models.lipSync, polling }),
    image: new ReplicateImage({ client, model: models.image, polling }),
    imageToVideo: new ReplicateImageToVideo({ client, model: models.imageToVideo, polling }),
    // A clone is made for the speech model that will speak it (speech-02-hd or -turbo).
    voiceClone: new ReplicateVoiceClone({ client, model: models.voiceClone, polling }, cloneTargetOf(models.speech)),
    predictions: new ReplicatePredictions(client, options.webhookUrl),
  };
}
