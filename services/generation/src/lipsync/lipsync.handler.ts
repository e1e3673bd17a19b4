import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { StorageService } from '@lipcast/nest-kit';
import { timingsKeyOf } from '../audio/audio.service';
import { probeMedia } from '../engine/media/probe';
import type { JobHandler } from '../jobs/job-worker';
import { mediaUrl, type JobRow } from '../jobs/jobs.repository';
import { LipSyncPort } from '../ports/lipsync.port';
import type { MediaInput, WorkContext } from '../ports/media';
import type { TimedUnit } from '../ports/speech.port';
import type { LipSyncJobInput } from './lipsync.service';

/** Runs a lip-sync job: inputs from the object store, the provider's video back into it, the project completed. */
@Injectable()
export class LipSyncHandler implements JobHandler {
  readonly kind = 'lipsync' as const;

  constructor(
    private readonly lipSync: LipSyncPort,
    private readonly storage: StorageService,
    private readonly em: EntityManager,
  ) {}

  async run(job: JobRow, context: WorkContext): Promise<{ key: string }> {
    const input = job.input as unknown as LipSyncJobInput;
    const audio = await this.localInput(input.audioKey, context, 'audio.mp3', 'audio/mpeg');
    // A built-in actor is drawn anew by the embedded engine; other videos are read by the provider.
    const video = input.actorId
      ? { url: await this.storage.presignedUrl(input.videoKey), contentType: 'video/mp4' }
      : await this.localInput(input.videoKey, context, 'video.mp4', 'video/mp4');
    const { durationSeconds } = await probeMedia(audio.localPath!);
    const result = await this.lipSync.lipSync(
      { video, audio, audioDurationSeconds: durationSeconds, actorId: input.actorId, phonemes: await this.phonemes(input.audioKey, context) },
      context,
    );
    const key = `users/${job.user_id}/videos/${job.id}.mp4`;
    await this.storage.putFile(key, result.path, 'video/mp4');
    await this.em.execute('update generation.project set output_url = ? where job_id = ?', [mediaUrl(key), job.id]);
    return { key };
  }

  private async localInput(key: string, context: WorkContext, name: string, contentType: string): Promise<MediaInput> {
    const localPath = join(context.workDir, name);
    await this.storage.download(key, localPath);
    return { url: await this.storage.presignedUrl(key), localPath, contentType };
  }

  /** The phoneme timings stored beside an audio the embedded speech made; none for other audio. */
  private async phonemes(audioKey: string, context: WorkContext): Promise<TimedUnit[] | undefined> {
    const key = timingsKeyOf(audioKey);
    if (!(await this.storage.stat(key))) return undefined;
    const path = join(context.workDir, 'timings.json');
    await this.storage.download(key, path);
    return (JSON.parse(await readFile(path, 'utf8')) as { phonemes: TimedUnit[] }).phonemes;
  }
}
