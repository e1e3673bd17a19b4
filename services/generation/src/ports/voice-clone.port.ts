import type { MediaInput, WorkContext } from './media';

/** A sample to clone: the creator's own recording (an MP3 in our store), 10-60 s (contracts' `VOICE_CLONE_SAMPLE_SECONDS`). */
export interface VoiceCloneRequest {
  sample: MediaInput;
}

export interface VoiceCloneResult {
  /** The provider's id of the new voice, as its speech model takes it in `voice_id`. */
  providerVoiceId: string;
}

/**
 * A creator's voice, cloned from a sample (issue 35, item 5), for the speech port to speak with.
 * Only a provider clones (MiniMax voice cloning on Replicate); the embedded defaults bind no adapter,
 * and the voice-clones feature says why. A provider may forget a voice left unused (MiniMax: 7 days).
 */
export abstract class VoiceClonePort {
  abstract readonly name: string;
  /** False on the embedded defaults: nothing clones, and the page says why. */
  readonly available: boolean = true;
  /** Clones the sample; refusals (not audio, too short or long) are ProviderErrors with the provider's reason. */
  abstract clone(request: VoiceCloneRequest, context: WorkContext): Promise<VoiceCloneResult>;
}

/** The embedded defaults: no voice is cloned (the offline engine speaks only its catalog voices). */
export class NoVoiceClone extends VoiceClonePort {
  readonly name = 'none';
  override readonly available = false;

  clone(): Promise<VoiceCloneResult> {
    return Promise.reject(new Error('No voice cloning provider is configured.'));
  }
}

/** Where speech finds a cloned voice (`clone:<uuid>`) at its provider, and records that it was used (MiniMax's 7-day clock). */
export interface ClonedVoiceLookup {
  /** The provider's id of the voice, marked used; undefined when there is no such voice. */
  useVoice(voiceId: string): Promise<string | undefined>;
}

/** A speech adapter that can speak cloned voices once the voice-clones feature hands it their lookup (at start). */
export interface SpeaksClonedVoices {
  speakClonedVoices(lookup: ClonedVoiceLookup): void;
}

export const speaksClonedVoices = (port: object): port is SpeaksClonedVoices => typeof (port as Partial<SpeaksClonedVoices>).speakClonedVoices === 'function';
