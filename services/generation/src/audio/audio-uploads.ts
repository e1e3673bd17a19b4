import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import {
  AUDIO_UPLOAD_LIMITS, AudioUploadMessages, audioKey, audioUploadTypeOf, mediaUrl, timingsKeyOf,
  type AudioCaptionsSource, type AudioUploadAnswer, type AudioUploadRequest,
} from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { decodeAudio } from '@lipcast/media-engine';
import { encodeBroadcastMp3 } from '@lipcast/media-tools';
import { UploadChecks } from '../media/upload-checks';
import { ConsentsRepository } from '../own-actors/consents.repository';
import type { WorkContext } from '../ports/media';
import type { TimedUnit } from '../ports/speech.port';
import { TranscriberPort } from '../ports/transcriber.port';
import { WordAlignerPort } from '../ports/word-aligner.port';
import { ProjectsRepository } from '../projects/projects.repository';
import { withWorkDir } from '../providers/work';

const AUDIO_FIELD = 'audio';
/** Loudest sample below −45 dBFS: nothing was heard (a muted or missing microphone). */
const SILENT_PEAK = Math.round(32768 * 10 ** (-45 / 20));

/**
 * A creator's own voice (issue 35, item 5): a recording they made or an audio file, kept as the MP3
 * the wizard's speech makes (same key, so a lip-sync takes it the same way) with its word timings
 * beside it for captions (from the text they typed, else a transcription, else none), and the voice
 * consent they gave recorded for it. Nothing is charged; a refused recording is not kept.
 */
@Injectable()
export class AudioUploads {
  private readonly logger = new Logger(AudioUploads.name);

  constructor(
    private readonly storage: StorageService,
    private readonly uploads: UploadChecks,
    private readonly consents: ConsentsRepository,
    private readonly aligner: WordAlignerPort,
    private readonly transcriber: TranscriberPort,
    private readonly projects: ProjectsRepository,
  ) {}

  async upload(request: AudioUploadRequest): Promise<AudioUploadAnswer> {
    const rules = { field: AUDIO_FIELD, consent: AudioUploadMessages.consent, missing: AudioUploadMessages.noAudio, wrongType: AudioUploadMessages.audioType, accepts: (type: string) => !!audioUploadTypeOf(type) };
    return this.uploads.takeConsented(request, rules, () => this.keep(request.userId, request.key, request.text?.trim() || undefined));
  }

  private keep(userId: string, uploadKey: string, text: string | undefined): Promise<AudioUploadAnswer> {
    return withWorkDir({}, async (context) => {
      const localPath = join(context.workDir, 'upload');
      await this.storage.download(uploadKey, localPath);
      // The whole recording decoded: a browser's WebM often states no duration, and silence shows only in the samples.
      const durationSeconds = await this.checkedDuration(localPath, context);
      // Broadcast-ready as the wizard's speech (issue 36): high-passed, -14 LUFS, 48 kHz stereo, timed as recorded.
      const mp3Path = join(context.workDir, 'voice.mp3');
      await encodeBroadcastMp3(localPath, mp3Path, context.signal);
      const { words, captions } = await this.wordsOf(mp3Path, text, context);
      const key = audioKey(userId);
      await this.storage.putFile(key, mp3Path, 'audio/mpeg');
      // Where the wizard's speech keeps its timings: the lip-sync makes its captions from them.
      if (words.length) await this.storage.put(timingsKeyOf(key), Buffer.from(JSON.stringify({ words })), 'application/json');
      await this.consents.record(userId, 'voice', key);
      const url = mediaUrl(key);
      await this.projects.insert({ userId, audioUrl: url, outputUrl: null, audioParams: { text: text ?? '' }, jobId: null });
      return { url, durationSeconds: Math.round(durationSeconds * 100) / 100, captions };
    });
  }

  /** The recording's length once it is known to be readable, heard and 0.5 to 60 seconds long; else its refusal beside the field. */
  private async checkedDuration(path: string, context: WorkContext): Promise<number> {
    const refused = (message: string) => ServiceError.validation(message, { field: AUDIO_FIELD });
    const audio = await decodeAudio(path, 16000, context.signal).catch(() => {
      throw refused(AudioUploadMessages.unreadable);
    });
    if (!audio.samples.length) throw refused(AudioUploadMessages.unreadable);
    const seconds = audio.durationMs / 1000;
    if (seconds > AUDIO_UPLOAD_LIMITS.maxSeconds) throw refused(AudioUploadMessages.tooLong(AUDIO_UPLOAD_LIMITS.maxSeconds));
    if (seconds < AUDIO_UPLOAD_LIMITS.minSeconds) throw refused(AudioUploadMessages.tooShort(seconds, AUDIO_UPLOAD_LIMITS.minSeconds));
    if (peakOf(audio.samples) < SILENT_PEAK) throw refused(AudioUploadMessages.silent);
    return seconds;
  }

  /**
   * The captions' words: the typed text laid over the recording (forced alignment), else a
   * transcription when this service has one. A transcription that fails leaves the video without
   * captions rather than refusing the creator's voice.
   */
  private async wordsOf(path: string, text: string | undefined, context: WorkContext): Promise<{ words: TimedUnit[]; captions: AudioCaptionsSource }> {
    if (text) return { words: await this.aligner.align({ audioPath: path, text }, context), captions: 'typed' };
    const words = await this.transcriber.transcribe(path, context).catch((error: unknown) => {
      this.logger.warn(`A recording goes without captions: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    return words?.length ? { words, captions: 'transcribed' } : { words: [], captions: 'none' };
  }
}

function peakOf(samples: Int16Array): number {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  return peak;
}
