import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AudioParams, AudioResponse } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { mediaUrl } from '../jobs/jobs.repository';
import { SpeechPort } from '../ports/speech.port';
import type { TimedUnit } from '../ports/speech.port';
import { ProjectEntity } from '../projects/project.entity';
import { toServiceError, withWorkDir } from '../providers/work';
import type { AudioRequestDto } from './audio.dto';

/** Where an audio's phoneme timings are kept beside it (the embedded lip-sync follows them). */
export const timingsKeyOf = (audioKey: string) => audioKey.replace(/\.\w+$/, '.timings.json');

/** Speech for the wizard: made by the active provider, stored as the user's media, recorded as a project. */
@Injectable()
export class AudioService {
  constructor(
    private readonly speech: SpeechPort,
    private readonly storage: StorageService,
    private readonly em: EntityManager,
  ) {}

  voices(): readonly string[] {
    return this.speech.voices();
  }

  async create(request: AudioRequestDto): Promise<AudioResponse> {
    if (!this.speech.voices().includes(request.voice_id)) throw ServiceError.validation(`voice_id must be one of: ${this.speech.voices().join(', ')}`);
    const params: AudioParams = {
      text: request.text.trim(),
      voice_id: request.voice_id,
      emotion: request.emotion ?? 'neutral',
      pitch: request.pitch ?? 0,
      speed: request.speed ?? 1,
      volume: request.volume ?? 1,
      language: request.language ?? 'English',
      ...(request.videoId ? { videoId: request.videoId } : {}),
    };
    const key = `users/${request.userId}/audio/${randomUUID()}.mp3`;
    await withWorkDir({}, async (context) => {
      const result = await this.speech
        .synthesize({ text: params.text, voiceId: params.voice_id!, emotion: params.emotion!, pitch: params.pitch!, speed: params.speed!, volume: params.volume!, language: params.language! }, context)
        .catch((error: unknown) => {
          throw toServiceError(error);
        });
      await this.storage.putFile(key, result.audio.path, result.audio.contentType);
      if (result.phonemes) await this.storeTimings(key, result.phonemes);
    });
    const url = mediaUrl(key);
    await this.em.insert(ProjectEntity, { userId: request.userId, audioUrl: url, outputUrl: null, audioParams: { ...params }, jobId: null, createdAt: new Date() });
    return { url };
  }

  private async storeTimings(audioKey: string, phonemes: TimedUnit[]): Promise<void> {
    await this.storage.put(timingsKeyOf(audioKey), Buffer.from(JSON.stringify({ phonemes })), 'application/json');
  }
}
