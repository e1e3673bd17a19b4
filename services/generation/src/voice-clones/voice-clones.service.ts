import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import {
  CLONED_VOICE_PREFIX, ErrorCode, mediaKeyOf, userFolder, VOICE_CLONE_SAMPLE_SECONDS, VOICE_CLONING_UNAVAILABLE, VoiceCloneMessages,
  type ClonedVoice, type CloneVoiceRequest, type OwnVoiceList,
} from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { probeMedia } from '@lipcast/media-tools';
import { ConsentsRepository } from '../own-actors/consents.repository';
import { SpeechPort } from '../ports/speech.port';
import { speaksClonedVoices, VoiceClonePort, type ClonedVoiceLookup } from '../ports/voice-clone.port';
import { throwAsServiceError, withWorkDir } from '../providers/work';
import { ClonedVoicesRepository, toClonedVoice, type ClonedVoiceRow } from './cloned-voices.repository';

const AUDIO_FIELD = 'audio';

/** Where a cloned voice's sample is kept (the user's folder: it counts in their storage and goes with the account). */
export const clonedVoiceSampleKey = (userId: string, voiceId: string) => `${userFolder(userId)}voices/${voiceId}/sample.mp3`;

/** `clone:<uuid>` → the uuid; undefined for anything else. */
export function clonedVoiceRowId(voiceId: string): string | undefined {
  const id = voiceId.startsWith(CLONED_VOICE_PREFIX) ? voiceId.slice(CLONED_VOICE_PREFIX.length) : '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : undefined;
}

/**
 * A creator's voice cloned from their own recording (issue 35, item 5): the MP3 `POST /api/audio/uploads`
 * kept, 10-60 s, cloned at the provider (`VoiceClonePort`) under the voice consent given for the cloning;
 * private to them as `clone:<uuid>`. The embedded defaults clone nothing and say why (`CONFLICT`).
 */
@Injectable()
export class VoiceClonesService implements ClonedVoiceLookup {
  constructor(
    private readonly cloning: VoiceClonePort,
    private readonly voices: ClonedVoicesRepository,
    private readonly consents: ConsentsRepository,
    private readonly storage: StorageService,
    speech: SpeechPort,
  ) {
    // The speech adapter sits below this feature (providers), so the feature hands it the lookup at start.
    if (speaksClonedVoices(speech)) speech.speakClonedVoices(this);
  }

  /** `clone:<uuid>` → the provider's voice id, marked used now; undefined for no such voice. */
  async useVoice(voiceId: string): Promise<string | undefined> {
    const id = clonedVoiceRowId(voiceId);
    const voice = id ? await this.voices.findById(id) : undefined;
    if (!voice) return undefined;
    await this.voices.touch(voice.id);
    return voice.providerVoiceId;
  }

  async clone(request: CloneVoiceRequest): Promise<ClonedVoice> {
    const { userId } = request;
    if (!this.cloning.available) throw new ServiceError(ErrorCode.Conflict, VOICE_CLONING_UNAVAILABLE);
    if (request.consent !== true) throw ServiceError.validation(VoiceCloneMessages.consent, { field: 'consent' });
    const recording = mediaKeyOf(request.audio);
    // Only the creator's own recordings (`users/<id>/audio/`), which were kept with a voice consent.
    if (!recording?.startsWith(`${userFolder(userId)}audio/`)) throw ServiceError.validation(VoiceCloneMessages.notYours, { field: AUDIO_FIELD });
    if (!(await this.storage.stat(recording))) throw ServiceError.validation(VoiceCloneMessages.missing, { field: AUDIO_FIELD });
    const id = randomUUID();
    const sampleKey = clonedVoiceSampleKey(userId, id);
    await this.storage.copy(recording, sampleKey);
    try {
      const providerVoiceId = await withWorkDir({}, async (context) => {
        const localPath = join(context.workDir, 'sample.mp3');
        await this.storage.download(sampleKey, localPath);
        const { durationSeconds } = await probeMedia(localPath);
        if (durationSeconds < VOICE_CLONE_SAMPLE_SECONDS.min || durationSeconds > VOICE_CLONE_SAMPLE_SECONDS.max) {
          throw ServiceError.validation(VoiceCloneMessages.length(durationSeconds), { field: AUDIO_FIELD });
        }
        const sample = { url: await this.storage.presignedUrl(sampleKey), localPath, key: sampleKey, contentType: 'audio/mpeg' };
        return (await this.cloning.clone({ sample }, context).catch(throwAsServiceError)).providerVoiceId;
      });
      // The consent for this use of the voice, recorded once the provider has it (a refused sample is not a voice).
      const consent = await this.consents.record(userId, 'voice', sampleKey);
      const row = await this.voices.create({ id, userId, name: request.name.trim(), provider: this.cloning.name, providerVoiceId, sampleKey, consentId: consent.id });
      return toClonedVoice(row);
    } catch (error) {
      await this.storage.remove(sampleKey).catch(() => undefined);
      throw error;
    }
  }

  async list(userId: string): Promise<OwnVoiceList> {
    const voices = (await this.voices.listOf(userId)).map(toClonedVoice);
    const cloning = this.cloning.available;
    return { voices, cloning, ...(cloning ? {} : { reason: VOICE_CLONING_UNAVAILABLE }), sampleSeconds: { ...VOICE_CLONE_SAMPLE_SECONDS } };
  }

  /**
   * Forgets the voice and its sample. Not deleted at the provider: Replicate's minimax/voice-cloning
   * publishes no deletion, and MiniMax drops a voice left unused for 7 days (the keep-alive stops with the row).
   */
  async delete(userId: string, voiceId: string): Promise<{ deleted: true }> {
    const id = clonedVoiceRowId(voiceId);
    const voice = id ? await this.voices.findOf(userId, id) : undefined;
    if (!voice || !(await this.voices.deleteOf(userId, voice.id))) throw ServiceError.notFound(VoiceCloneMessages.notFound);
    await this.storage.remove(voice.sampleKey).catch(() => undefined);
    return { deleted: true };
  }

  /** The caller's voice behind `clone:<uuid>`, for speech; undefined when it is not theirs. */
  async voiceOf(userId: string, voiceId: string): Promise<ClonedVoiceRow | undefined> {
    const id = clonedVoiceRowId(voiceId);
    return id ? this.voices.findOf(userId, id) : undefined;
  }
}
