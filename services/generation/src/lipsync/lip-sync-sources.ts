import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { lookKeyBeside } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { builtInActor, type CharacterLook } from '@lipcast/media-engine';
import { probeMedia } from '@lipcast/media-tools';
import type { LipSyncJobInput } from '../jobs/job-inputs';
import type { MediaInput, WorkContext } from '../ports/media';
import { readStoredJson } from '../stored-json';

/** What a lip-sync is made from, out of the object store: the inputs a whole video's job and a one-sentence fix both give the provider. */
/** Probed durations kept (a few bytes each): more than the jobs a worker has under way at once. */
const KEPT_DURATIONS = 1000;

@Injectable()
export class LipSyncSources {
  /** The store's etag of each downloaded input: the bytes it holds. */
  private readonly etags = new WeakMap<MediaInput, string>();
  /**
   * Seconds of each audio probed, by key and etag (the same bytes): a job parked on its provider
   * runs again to finish, and its second run in this process need not probe its audio again.
   */
  private readonly durations = new Map<string, number>();

  constructor(private readonly storage: StorageService) {}

  /**
   * The picture to animate: a drawn character (built-in actor or drawn portrait) is drawn anew by the
   * embedded engine, so only its address is given; any other clip is downloaded for the provider to read.
   */
  async pictureOf(input: LipSyncJobInput, context: WorkContext): Promise<{ video: MediaInput; character?: CharacterLook }> {
    const character = await this.characterOf(input);
    return character
      ? { video: { url: await this.storage.presignedUrl(input.videoKey), contentType: 'video/mp4' }, character }
      : { video: await this.download(input.videoKey, context, 'video.mp4', 'video/mp4') };
  }

  /** An object downloaded into the job's work folder as `name`, with its address for providers that fetch it. */
  async download(key: string, context: WorkContext, name: string, contentType: string): Promise<MediaInput> {
    const localPath = join(context.workDir, name);
    await this.storage.download(key, localPath);
    const stored = await this.storage.stat(key);
    const input = { url: await this.storage.presignedUrl(key), localPath, contentType: stored?.contentType ?? contentType, key };
    if (stored?.etag) this.etags.set(input, stored.etag);
    return input;
  }

  /** Seconds of a downloaded input (`probeMedia`), probed once per object and etag in this process. */
  async durationOf(input: MediaInput): Promise<number> {
    const etag = this.etags.get(input);
    const id = etag && input.key ? `${input.key}\n${etag}` : undefined;
    const known = id ? this.durations.get(id) : undefined;
    if (known !== undefined) return known;
    const durationSeconds = await this.probeSeconds(input.localPath!);
    if (id) {
      this.durations.set(id, durationSeconds);
      if (this.durations.size > KEPT_DURATIONS) this.durations.delete(this.durations.keys().next().value!);
    }
    return durationSeconds;
  }

  /** Seconds of a local media file, as ffmpeg reads them. */
  protected async probeSeconds(path: string): Promise<number> {
    return (await probeMedia(path)).durationSeconds;
  }

  /** The character the video shows when our engine drew it: a built-in actor, or the drawing kept beside an influencer's clip. */
  private async characterOf(input: LipSyncJobInput): Promise<CharacterLook | undefined> {
    if (input.actorId) return builtInActor(input.actorId)?.look;
    const lookKey = lookKeyBeside(input.videoKey);
    return lookKey ? readStoredJson<CharacterLook>(this.storage, lookKey) : undefined;
  }
}
