import { Injectable } from '@nestjs/common';
import { mediaUrl, voiceSampleKey, voiceSampleText, type VoiceEmotion, type VoiceSampleResponse } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { SpeechPort } from '../ports/speech.port';
import { throwAsServiceError, withWorkDir } from '../providers/work';

/**
 * A short sample of every voice in every emotion, so a voice can be heard before it is chosen. Each
 * is made by the active speech provider the first time it is asked for and kept in the store
 * (public), so at most voices × emotions syntheses ever happen per provider, whoever asks.
 */
@Injectable()
export class VoiceSamples {
  /** Samples being made in this process: concurrent first requests wait for the same synthesis. */
  private readonly making = new Map<string, Promise<void>>();

  constructor(
    private readonly speech: SpeechPort,
    private readonly storage: StorageService,
  ) {}

  async sample(voiceId: string, emotion: VoiceEmotion): Promise<VoiceSampleResponse> {
    if (!this.speech.voices().includes(voiceId)) throw ServiceError.notFound(`Unknown voice: ${voiceId}`);
    const key = voiceSampleKey(this.speech.name, voiceId, emotion);
    let made = this.making.get(key);
    if (!made) {
      made = this.makeOnce(key, voiceId, emotion).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    await made;
    return { url: mediaUrl(key) };
  }

  private async makeOnce(key: string, voiceId: string, emotion: VoiceEmotion): Promise<void> {
    if (await this.storage.stat(key)) return;
    await withWorkDir({}, async (context) => {
      const request = { text: voiceSampleText(voiceId), voiceId, emotion, pitch: 0, speed: 1, volume: 1, language: 'English' };
      const result = await this.speech.synthesize(request, context).catch(throwAsServiceError);
      await this.storage.putFile(key, result.audio.path, result.audio.contentType);
    });
  }
}
