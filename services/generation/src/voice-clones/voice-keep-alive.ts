import { Injectable } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { PeriodicWork, StorageService } from '@lipcast/nest-kit';
import { ProviderError } from '../ports/media';
import { SpeechPort } from '../ports/speech.port';
import { VoiceClonePort } from '../ports/voice-clone.port';
import { withWorkDir } from '../providers/work';
import { GenerationSettings } from '../settings';
import { ClonedVoicesRepository, type ClonedVoiceRow } from './cloned-voices.repository';

/** MiniMax deletes a cloned voice left unused for 7 days; a voice unused for 6 is spoken once, a day before. */
export const KEEP_ALIVE_AFTER_MS = 6 * 24 * 60 * 60 * 1000;
const PASS_INTERVAL_MS = 60 * 60 * 1000;
/** Voices kept alive per pass (each is one short synthesis at the provider); the rest wait for the next hour. */
const VOICES_PER_PASS = 50;
/** The one word each keep-alive says. */
export const KEEP_ALIVE_TEXT = 'Hello.';
/** How MiniMax says a voice id is unknown (deleted after 7 days unused, or never made). */
const VOICE_GONE = /voice id not exist/i;

export type KeptAlive = { voiceId: string; outcome: 'spoken' | 'recloned' | 'failed' };

/**
 * Keeps creators' cloned voices at the provider (issue 35, item 5): every hour, each voice no speech
 * has used for 6 days says one word (`KEEP_ALIVE_TEXT`), which restarts MiniMax's 7-day clock; when the
 * provider answers that the voice is gone, it is cloned again from its kept sample under a new provider
 * id (the creator's `clone:<uuid>` stays). Each is a small provider charge; the first speech of a
 * voice is when MiniMax charges its cloning fee. Runs where requests are answered, and only where a
 * provider clones voices.
 */
@Injectable()
export class VoiceKeepAlive extends PeriodicWork {
  protected readonly work = 'cloned voices keep-alive';
  protected readonly intervalMs = () => PASS_INTERVAL_MS;
  protected readonly runPass = () => RequestContext.create(this.orm.em, () => this.keepAlive());
  protected override readonly runsHere = () => this.cloning.available && this.settings.GENERATION_ROLE !== 'worker';

  constructor(
    private readonly voices: ClonedVoicesRepository,
    private readonly speech: SpeechPort,
    private readonly cloning: VoiceClonePort,
    private readonly storage: StorageService,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  /** One pass over the voices unused for 6 days; what became of each. */
  async keepAlive(): Promise<KeptAlive[]> {
    const outcomes: KeptAlive[] = [];
    for (const voice of await this.voices.unusedFor(KEEP_ALIVE_AFTER_MS, VOICES_PER_PASS)) {
      const outcome = await this.keep(voice).catch((error: unknown) => {
        this.logger.warn(`cloned voice ${voice.id} was not kept alive: ${error instanceof Error ? error.message : String(error)}`);
        return 'failed' as const;
      });
      outcomes.push({ voiceId: voice.id, outcome });
    }
    return outcomes;
  }

  private keep(voice: ClonedVoiceRow): Promise<KeptAlive['outcome']> {
    return withWorkDir({}, async (context) => {
      try {
        await this.speech.synthesize({ text: KEEP_ALIVE_TEXT, voiceId: voice.providerVoiceId, emotion: 'neutral', pitch: 0, speed: 1, volume: 1, language: 'English' }, context);
        await this.voices.touch(voice.id);
        return 'spoken';
      } catch (error) {
        if (!(error instanceof ProviderError && VOICE_GONE.test(error.message))) throw error;
      }
      const sample = { url: await this.storage.presignedUrl(voice.sampleKey), key: voice.sampleKey, contentType: 'audio/mpeg' };
      const { providerVoiceId } = await this.cloning.clone({ sample }, context);
      await this.voices.replaceProviderVoice(voice.id, providerVoiceId);
      return 'recloned';
    });
  }
}
