import { StartupError, type StorageService } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';
import { EmbeddedImage, EmbeddedImageToVideo } from './embedded/embedded-image';
import { EmbeddedLipSync } from './embedded/embedded-lipsync';
import { EmbeddedSpeech } from './embedded/embedded-speech';
import { atStart, mediaProviders } from './providers';
import { ReplicateImage } from './replicate/replicate-image';
import { ReplicateImageToVideo } from './replicate/replicate-image-to-video';
import { ReplicateLipSync } from './replicate/replicate-lipsync';
import { ReplicateSpeech } from './replicate/replicate-speech';

/** Building the adapters never touches the object store: an empty stand-in is enough. */
const storage = {} as StorageService;
const settings = (env: Partial<GenerationSettings>) => Object.assign(new GenerationSettings(), env);

describe('a provider per port', () => {
  it('runs Replicate lip-sync beside the offline voice, portraits and clips', () => {
    const providers = mediaProviders(settings({ LIPSYNC_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test', MEDIA_PROVIDER: 'embedded' }), storage);

    expect(providers.lipSync).toBeInstanceOf(ReplicateLipSync);
    expect(providers.speech).toBeInstanceOf(EmbeddedSpeech);
    expect(providers.image).toBeInstanceOf(EmbeddedImage);
    expect(providers.imageToVideo).toBeInstanceOf(EmbeddedImageToVideo);
  });

  it('defaults every port to MEDIA_PROVIDER, and each port can leave it', () => {
    const all = mediaProviders(settings({ REPLICATE_API_TOKEN: 'r8_test' }), storage);
    expect([all.speech, all.lipSync, all.image, all.imageToVideo].map((adapter) => adapter.constructor)).toEqual([ReplicateSpeech, ReplicateLipSync, ReplicateImage, ReplicateImageToVideo]);

    const mixed = mediaProviders(settings({ MEDIA_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test', SPEECH_PROVIDER: 'embedded', VIDEO_PROVIDER: 'embedded' }), storage);
    expect([mixed.speech, mixed.lipSync, mixed.image, mixed.imageToVideo].map((adapter) => adapter.constructor)).toEqual([EmbeddedSpeech, ReplicateLipSync, ReplicateImage, EmbeddedImageToVideo]);

    const offline = mediaProviders(settings({ IMAGE_PROVIDER: 'embedded' }), storage);
    expect(offline.lipSync).toBeInstanceOf(EmbeddedLipSync);
  });

  it.each(['SPEECH_PROVIDER', 'LIPSYNC_PROVIDER', 'IMAGE_PROVIDER', 'VIDEO_PROVIDER'] as const)('%s=replicate without a token refuses to start, naming the variable', (port) => {
    const start = () => atStart(() => mediaProviders(settings({ [port]: 'replicate' }), storage));

    expect(start).toThrow(StartupError);
    expect(start).toThrow('API key missing: set REPLICATE_API_TOKEN');
  });
});
