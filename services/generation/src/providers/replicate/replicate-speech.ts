import { isClonedVoiceId, voiceEmotionOf, VoiceCloneMessages, VOICE_IDS } from '@lipcast/contracts';
import { join } from 'node:path';
import { encodeBroadcastMp3 } from '@lipcast/media-tools';
import { ProviderError, type MediaFile, type WorkContext } from '../../ports/media';
import { SpeechPort, type SpeechRequest, type SpeechResult } from '../../ports/speech.port';
import type { ClonedVoiceLookup, SpeaksClonedVoices } from '../../ports/voice-clone.port';
import { audioDurationSeconds } from './media-edits';
import { ReplicateModel, runAdapter, type PollingOptions, type ReplicateAdapter, type ReplicateAdapterOptions } from './replicate-client';

/** Speech takes 1-2 minutes at worst (spec section 9); 3 minutes before giving up. */
const SPEECH_POLLING: PollingOptions = { pollIntervalMs: 1000, timeoutMs: 180_000 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The quietest volume sent: Replicate's schema takes 0..10, but MiniMax's own API takes vol in (0, 10]
 * and may refuse 0, so "silent" becomes very quiet instead of a failed job.
 */
export const MINIMAX_MIN_VOLUME = 0.1;

/** The request as minimax/speech-02's input. */
export function minimaxInput(request: SpeechRequest): Record<string, unknown> {
  return {
    text: request.text,
    voice_id: request.voiceId,
    // minimax speech-02 speaks exactly the voices' emotions; for any other name it picks one itself (`auto`).
    emotion: voiceEmotionOf(request.emotion.trim()) ?? 'auto',
    pitch: clamp(Math.round(request.pitch), -12, 12),
    speed: clamp(request.speed, 0.5, 2),
    volume: clamp(request.volume, MINIMAX_MIN_VOLUME, 10),
    language_boost: /^en/i.test(request.language) ? 'English' : 'Automatic',
  };
}

/**
 * Text → speech on Replicate with minimax speech-02 (mp3). Speaks the catalog's voices and, once the
 * voice-clones feature has handed it their lookup, creators' cloned voices: `clone:<uuid>` is sent as
 * the voice id minimax/voice-cloning answered for it, and the voice is marked used.
 */
export class ReplicateSpeech extends SpeechPort implements ReplicateAdapter<SpeechRequest, SpeechResult>, SpeaksClonedVoices {
  readonly name = 'replicate';
  readonly replicate: ReplicateModel;
  private clonedVoices?: ClonedVoiceLookup;

  constructor(options: ReplicateAdapterOptions) {
    super();
    this.replicate = new ReplicateModel(options, { model: 'minimax/speech-02-hd', polling: SPEECH_POLLING });
  }

  /** The catalog's ids are minimax's own system voices, sent as they are. */
  voices(): readonly string[] {
    return VOICE_IDS;
  }

  inputFor(request: SpeechRequest): Record<string, unknown> {
    return minimaxInput(request);
  }

  /** The provider's MP3 made broadcast-ready as the embedded speech is (issue 36: -14 LUFS, 48 kHz stereo, same timing). */
  async resultFrom(files: MediaFile[], _request: SpeechRequest, context: WorkContext): Promise<SpeechResult> {
    const path = join(context.workDir, 'speech-broadcast.mp3');
    await encodeBroadcastMp3(files[0].path, path, context.signal);
    return { audio: { path, contentType: 'audio/mpeg' }, durationSeconds: await audioDurationSeconds(path) };
  }

  speakClonedVoices(lookup: ClonedVoiceLookup): void {
    this.clonedVoices = lookup;
  }

  async synthesize(request: SpeechRequest, context: WorkContext): Promise<SpeechResult> {
    return runAdapter(this, await this.withProviderVoice(request), context);
  }

  /** A cloned voice (`clone:<uuid>`) as the provider's own voice id; any other voice as it is. */
  private async withProviderVoice(request: SpeechRequest): Promise<SpeechRequest> {
    if (!isClonedVoiceId(request.voiceId)) return request;
    const providerVoiceId = await this.clonedVoices?.useVoice(request.voiceId);
    if (!providerVoiceId) throw new ProviderError(VoiceCloneMessages.notFound, 'invalid-input');
    return { ...request, voiceId: providerVoiceId };
  }
}
