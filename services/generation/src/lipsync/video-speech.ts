import { Injectable } from '@nestjs/common';
import { timingsKeyOf, type AudioParams } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { AudioService, hasTimings, timingsFile } from '../audio/audio.service';
import type { WorkContext } from '../ports/media';

/**
 * The speech of a public API video, made inside its lip-sync job (paid by the job's credit, no
 * speech quota): stored once at the job's audio key, its phoneme and word timings first, so a job delivered
 * again finds it whole and does not speak twice.
 */
@Injectable()
export class VideoSpeech {
  constructor(
    private readonly audio: AudioService,
    private readonly storage: StorageService,
  ) {}

  async speak(audioKey: string, params: AudioParams, context: WorkContext): Promise<void> {
    if (await this.storage.stat(audioKey)) return;
    const speech = await this.audio.synthesize(params, context);
    context.signal.throwIfAborted();
    if (hasTimings(speech)) await this.storage.put(timingsKeyOf(audioKey), timingsFile(speech), 'application/json');
    await this.storage.putFile(audioKey, speech.audio.path, speech.audio.contentType);
    context.progress(1);
  }

  /** The speech goes with a video that failed, was canceled or deleted. */
  async remove(audioKey: string): Promise<void> {
    await this.storage.remove(audioKey);
    await this.storage.remove(timingsKeyOf(audioKey));
  }
}
