import type { Provider } from '@nestjs/common';
import { ImagePort, ImageToVideoPort } from '../ports/image.port';
import { LipSyncPort } from '../ports/lipsync.port';
import { ScriptPort } from '../ports/script.port';
import { SpeechPort } from '../ports/speech.port';
import { GenerationSettings } from '../settings';
import { EmbeddedImage, EmbeddedImageToVideo } from './embedded/embedded-image';
import { EmbeddedLipSync } from './embedded/embedded-lipsync';
import { EmbeddedScript } from './embedded/embedded-script';
import { EmbeddedSpeech } from './embedded/embedded-speech';
import { OpenAiScript } from './openai/openai-script';
import { createReplicateProviders } from './replicate/replicate-providers';

/** The media adapters the settings choose; Replicate without its token fails at start with "API key missing...". */
function mediaProviders(settings: GenerationSettings) {
  if (settings.mediaProvider === 'embedded') {
    return { speech: new EmbeddedSpeech(), lipSync: new EmbeddedLipSync(), image: new EmbeddedImage(), imageToVideo: new EmbeddedImageToVideo() };
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

const MEDIA_PROVIDERS = Symbol('MEDIA_PROVIDERS');

/** Binds each port to the adapter of the configured provider. */
export const providerBindings: Provider[] = [
  { provide: MEDIA_PROVIDERS, inject: [GenerationSettings], useFactory: mediaProviders },
  { provide: SpeechPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.speech },
  { provide: LipSyncPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.lipSync },
  { provide: ImagePort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.image },
  { provide: ImageToVideoPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.imageToVideo },
  { provide: ScriptPort, inject: [GenerationSettings], useFactory: scriptProvider },
];
