import { Injectable } from '@nestjs/common';
import { audioKey, isClonedVoiceId, mediaUrl, timingsKeyOf, type AudioBody, type AudioParams, type AudioResponse, type UserAudioRequest } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import type { WorkContext } from '../ports/media';
import { SpeechPort, type SpeechResult } from '../ports/speech.port';
import { WordAlignerPort } from '../ports/word-aligner.port';
import { ProjectsRepository } from '../projects/projects.repository';
import { throwAsServiceError, withWorkDir } from '../providers/work';
import { VoiceClonesService } from '../voice-clones/voice-clones.service';

export const CLONED_VOICE_UNKNOWN = 'voice_id must be one of your cloned voices (GET /api/voices/own)';

/** Speech for the wizard: made by the active provider, stored as the user's media, recorded as a project. */
@Injectable()
export class AudioService {
  constructor(
    private readonly speech: SpeechPort,
    private readonly aligner: WordAlignerPort,
    private readonly storage: StorageService,
    private readonly projects: ProjectsRepository,
    private readonly clones: VoiceClonesService,
  ) {}

  async create(request: UserAudioRequest): Promise<AudioResponse> {
    const params = await this.userParamsOf(request.userId, request);
    const key = audioKey(request.userId);
    await withWorkDir({}, async (context) => {
      const result = await this.synthesize(params, context).catch(throwAsServiceError);
      await this.storage.putFile(key, result.audio.path, result.audio.contentType);
      if (hasTimings(result)) await this.storage.put(timingsKeyOf(key), timingsFile(result), 'application/json');
    });
    const url = mediaUrl(key);
    await this.projects.insert({ userId: request.userId, audioUrl: url, outputUrl: null, audioParams: { ...params }, jobId: null });
    return { url };
  }

  /**
   * The request's settings with the spec's defaults; an unknown voice is refused. A cloned voice
   * (`clone:<uuid>`) passes here only where the caller's ownership is checked after (`userParamsOf`).
   */
  paramsOf(request: AudioBody, clonedVoices: 'refused' | 'checked-after' = 'refused'): AudioParams {
    const known = this.speech.voices().includes(request.voice_id) || (clonedVoices === 'checked-after' && isClonedVoiceId(request.voice_id));
    if (!known) throw ServiceError.validation(`voice_id must be one of: ${this.speech.voices().join(', ')}`);
    return {
      text: request.text.trim(),
      voice_id: request.voice_id,
      emotion: request.emotion ?? 'neutral',
      pitch: request.pitch ?? 0,
      speed: request.speed ?? 1,
      volume: request.volume ?? 1,
      language: request.language ?? 'English',
      ...(request.videoId ? { videoId: request.videoId } : {}),
    };
  }

  /** As `paramsOf`, also taking one of the caller's own cloned voices (another's, or one gone, is refused). */
  async userParamsOf(userId: string, request: AudioBody): Promise<AudioParams> {
    const params = this.paramsOf(request, 'checked-after');
    if (isClonedVoiceId(request.voice_id) && !(await this.clones.voiceOf(userId, request.voice_id))) throw ServiceError.validation(CLONED_VOICE_UNKNOWN, { field: 'voice_id' });
    return params;
  }

  /**
   * Speech as a local file, with its word timings (the engine's, or the script aligned to the audio
   * when the engine gives none) and its phoneme timings when the engine knows them; not stored.
   */
  async synthesize(params: AudioParams, context: WorkContext): Promise<SpeechResult> {
    const result = await this.speech.synthesize(
      { text: params.text, voiceId: params.voice_id!, emotion: params.emotion!, pitch: params.pitch!, speed: params.speed!, volume: params.volume!, language: params.language! },
      context,
    );
    if (result.words) return result;
    return { ...result, words: await this.aligner.align({ audioPath: result.audio.path, text: params.text }, context) };
  }
}

/** Whether a speech has timings to keep beside its audio. */
export const hasTimings = (result: SpeechResult) => Boolean(result.phonemes?.length || result.words?.length);

/** The timings kept beside an audio: phonemes (the embedded lip-sync follows them) and words (captions). */
export const timingsFile = (result: SpeechResult) => Buffer.from(JSON.stringify({ phonemes: result.phonemes, words: result.words }));
