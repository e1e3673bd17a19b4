import type { Provider } from '@nestjs/common';
import { landmarksKeyOf } from '@lipcast/contracts';
import { StartupError, StorageService } from '@lipcast/nest-kit';
import { ProviderError } from '../ports/media';
import type { SampledMouths } from '../engine/lipsync/photo-lipsync';
import { ImagePort, ImageToVideoPort } from '../ports/image.port';
import { LipSyncPort } from '../ports/lipsync.port';
import { ScriptPort } from '../ports/script.port';
import { SpeechPort } from '../ports/speech.port';
import { GenerationSettings } from '../settings';
import { EmbeddedImage, EmbeddedImageToVideo } from './embedded/embedded-image';
import { EmbeddedLipSync, type MouthLandmarkCache } from './embedded/embedded-lipsync';
import { EmbeddedScript } from './embedded/embedded-script';
import { EmbeddedSpeech } from './embedded/embedded-speech';
import { OpenAiScript } from './openai/openai-script';
import { createReplicateProviders } from './replicate/replicate-providers';

/** The media adapters the settings choose; Replicate without its token fails at start with "API key missing...". */
function mediaProviders(settings: GenerationSettings, storage: StorageService) {
  if (settings.mediaProvider === 'embedded') {
    return { speech: new EmbeddedSpeech(), lipSync: new EmbeddedLipSync(new StoredMouthLandmarks(storage)), image: new EmbeddedImage(), imageToVideo: new EmbeddedImageToVideo() };
  }
  return createReplicateProviders({
    apiToken: settings.REPLICATE_API_TOKEN,
    baseUrl: settings.REPLICATE_API_URL,
    models: { speech: settings.REPLICATE_SPEECH_MODEL, lipSync: settings.REPLICATE_LIPSYNC_MODEL, image: settings.REPLICATE_IMAGE_MODEL, imageToVideo: settings.REPLICATE_VIDEO_MODEL },
  });
}

/** The script writer the settings choose; OpenAI without its key fails at start with "API key missing...". */
function scriptProvider(settings: GenerationSettings): ScriptPort {
  if (settings.scriptProvider === 'embedded') return new EmbeddedScript();
  return new OpenAiScript({ apiKey: settings.OPENAI_API_KEY, baseURL: settings.OPENAI_BASE_URL, model: settings.OPENAI_MODEL });
}

/** Mouth landmarks kept beside the clip they were found in (`<key>.mouths-v1.json`). */
class StoredMouthLandmarks implements MouthLandmarkCache {
  constructor(private readonly storage: StorageService) {}

  async read(mediaKey: string): Promise<SampledMouths | null> {
    const key = landmarksKeyOf(mediaKey);
    if (!(await this.storage.stat(key))) return null;
    return JSON.parse(await this.storage.readText(key)) as SampledMouths;
  }

  async write(mediaKey: string, mouths: SampledMouths): Promise<void> {
    await this.storage.put(landmarksKeyOf(mediaKey), Buffer.from(JSON.stringify(mouths)), 'application/json');
  }
}

const MEDIA_PROVIDERS = Symbol('MEDIA_PROVIDERS');

/** A missing key stops the service with just its message ("API key missing: set …"), not a stack. */
function atStart<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw error instanceof ProviderError && error.kind === 'missing-key' ? new StartupError(error.message) : error;
  }
}

/** Binds each port to the adapter of the configured provider. */
export const providerBindings: Provider[] = [
  { provide: MEDIA_PROVIDERS, inject: [GenerationSettings, StorageService], useFactory: (settings: GenerationSettings, storage: StorageService) => atStart(() => mediaProviders(settings, storage)) },
  { provide: SpeechPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.speech },
  { provide: LipSyncPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.lipSync },
  { provide: ImagePort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.image },
  { provide: ImageToVideoPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.imageToVideo },
  { provide: ScriptPort, inject: [GenerationSettings], useFactory: (settings: GenerationSettings) => atStart(() => scriptProvider(settings)) },
];
