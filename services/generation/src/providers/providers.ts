import type { Provider } from '@nestjs/common';
import { landmarksKeyOf, type VideoFormatId } from '@lipcast/contracts';
import { StartupError, StorageService } from '@lipcast/nest-kit';
import { ProviderError } from '../ports/media';
import type { SampledMouths } from '@lipcast/media-engine';
import { ImagePort, ImageToVideoPort } from '../ports/image.port';
import { EMBEDDED_LIP_SYNC, LipSyncPort } from '../ports/lipsync.port';
import { NoPredictions, ProviderPredictions } from '../ports/predictions.port';
import { ScriptPort } from '../ports/script.port';
import { SpeechPort } from '../ports/speech.port';
import { NoTranscriber, TranscriberPort } from '../ports/transcriber.port';
import { NoVoiceClone, VoiceClonePort } from '../ports/voice-clone.port';
import { WordAlignerPort } from '../ports/word-aligner.port';
import { GenerationSettings } from '../settings';
import { readStoredJson } from '../stored-json';
import { FaceCheckPort } from '../ports/face-check.port';
import { EmbeddedFaceCheck } from './embedded/embedded-face-check';
import { EmbeddedImage, EmbeddedImageToVideo } from './embedded/embedded-image';
import { EmbeddedLipSync, type MouthLandmarkCache } from './embedded/embedded-lipsync';
import { EmbeddedScript } from './embedded/embedded-script';
import { EmbeddedSpeech } from './embedded/embedded-speech';
import { EmbeddedWordAligner } from './embedded/embedded-word-aligner';
import { OpenAiScript } from './openai/openai-script';
import { OpenAiTranscriber } from './openai/openai-transcriber';
import { createReplicateProviders } from './replicate/replicate-providers';

/**
 * The media adapters the settings choose, port by port (SPEECH_PROVIDER, LIPSYNC_PROVIDER,
 * IMAGE_PROVIDER, VIDEO_PROVIDER, each defaulting to MEDIA_PROVIDER): e.g. Replicate lip-sync with the
 * offline voice. Any port on Replicate without its token fails at start with "API key missing...".
 */
export function mediaProviders(settings: GenerationSettings, storage: StorageService) {
  let replicate: ReturnType<typeof createReplicateProviders> | undefined;
  const onReplicate = () =>
    (replicate ??= createReplicateProviders({
      apiToken: settings.REPLICATE_API_TOKEN,
      baseUrl: settings.REPLICATE_API_URL,
      models: { speech: settings.REPLICATE_SPEECH_MODEL, lipSync: settings.REPLICATE_LIPSYNC_MODEL, image: settings.REPLICATE_IMAGE_MODEL, imageToVideo: settings.REPLICATE_VIDEO_MODEL },
      webhookUrl: settings.REPLICATE_WEBHOOK_URL,
    }));
  const speech = settings.speechProvider === 'replicate' ? onReplicate().speech : new EmbeddedSpeech();
  const embeddedLipSync = new EmbeddedLipSync(new StoredMouthLandmarks(storage));
  const lipSync = settings.lipSyncProvider === 'replicate' ? onReplicate().lipSync : embeddedLipSync;
  const image = settings.imageProvider === 'replicate' ? onReplicate().image : new EmbeddedImage();
  const imageToVideo = settings.imageToVideoProvider === 'replicate' ? onReplicate().imageToVideo : new EmbeddedImageToVideo();
  // Parked jobs wait on Replicate's predictions when any port runs there.
  // A cloned voice is spoken by the speech port, so cloning runs where speech does; the embedded voice clones nothing.
  const voiceClone: VoiceClonePort = settings.speechProvider === 'replicate' ? onReplicate().voiceClone : new NoVoiceClone();
  const predictions: ProviderPredictions = replicate ? replicate.predictions : new NoPredictions();
  return { speech, lipSync, embeddedLipSync, image, imageToVideo, voiceClone, predictions };
}

/** The script writer the settings choose; OpenAI without its key fails at start with "API key missing...". */
function scriptProvider(settings: GenerationSettings): ScriptPort {
  if (settings.scriptProvider === 'embedded') return new EmbeddedScript();
  return new OpenAiScript({ apiKey: settings.OPENAI_API_KEY, baseURL: settings.OPENAI_BASE_URL, model: settings.OPENAI_MODEL, reasoningEffort: settings.OPENAI_REASONING_EFFORT });
}

/** Mouth landmarks kept beside the clip they were found in, per format (`<key>.mouths-v1.json`, `<key>.mouths-v1.<format>.json`). */
class StoredMouthLandmarks implements MouthLandmarkCache {
  constructor(private readonly storage: StorageService) {}

  async read(mediaKey: string, format: VideoFormatId): Promise<SampledMouths | null> {
    return (await readStoredJson<SampledMouths>(this.storage, landmarksKeyOf(mediaKey, format))) ?? null;
  }

  async write(mediaKey: string, format: VideoFormatId, mouths: SampledMouths): Promise<void> {
    await this.storage.put(landmarksKeyOf(mediaKey, format), Buffer.from(JSON.stringify(mouths)), 'application/json');
  }
}

const MEDIA_PROVIDERS = Symbol('MEDIA_PROVIDERS');

/** A missing key stops the service with just its message ("API key missing: set …"), not a stack. */
export function atStart<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw error instanceof ProviderError && error.kind === 'missing-key' ? new StartupError(error.message) : error;
  }
}

/** Binds each port to the adapter of its configured provider. */
export const providerBindings: Provider[] = [
  { provide: MEDIA_PROVIDERS, inject: [GenerationSettings, StorageService], useFactory: (settings: GenerationSettings, storage: StorageService) => atStart(() => mediaProviders(settings, storage)) },
  { provide: SpeechPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.speech },
  { provide: LipSyncPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.lipSync },
  { provide: EMBEDDED_LIP_SYNC, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.embeddedLipSync },
  { provide: ImagePort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.image },
  { provide: ImageToVideoPort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.imageToVideo },
  { provide: VoiceClonePort, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.voiceClone },
  { provide: ProviderPredictions, inject: [MEDIA_PROVIDERS], useFactory: (providers: ReturnType<typeof mediaProviders>) => providers.predictions },
  // The check before charging runs on the embedded face detector whatever the media providers are.
  { provide: FaceCheckPort, useFactory: () => new EmbeddedFaceCheck() },
  { provide: ScriptPort, inject: [GenerationSettings], useFactory: (settings: GenerationSettings) => atStart(() => scriptProvider(settings)) },
  // Captions of speech without word timings (Replicate's): the offline aligner; a provider's aligner can be bound here.
  { provide: WordAlignerPort, useClass: EmbeddedWordAligner },
  // Captions of a creator's own recording without typed text: OpenAI's transcription when the service has its key, else none.
  {
    provide: TranscriberPort,
    inject: [GenerationSettings],
    useFactory: (settings: GenerationSettings) => (settings.OPENAI_API_KEY ? new OpenAiTranscriber({ apiKey: settings.OPENAI_API_KEY, baseURL: settings.OPENAI_BASE_URL }) : new NoTranscriber()),
  },
];
