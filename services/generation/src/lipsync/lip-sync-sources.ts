import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { lookKeyBeside } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { builtInActor, type CharacterLook } from '@lipcast/media-engine';
import type { LipSyncJobInput } from '../jobs/job-inputs';
import type { MediaInput, WorkContext } from '../ports/media';
import { readStoredJson } from '../stored-json';

/** What a lip-sync is made from, out of the object store: the inputs a whole video's job and a one-sentence fix both give the provider. */
@Injectable()
export class LipSyncSources {
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
    return { url: await this.storage.presignedUrl(key), localPath, contentType: (await this.storage.stat(key))?.contentType ?? contentType, key };
  }

  /** The character the video shows when our engine drew it: a built-in actor, or the drawing kept beside an influencer's clip. */
  private async characterOf(input: LipSyncJobInput): Promise<CharacterLook | undefined> {
    if (input.actorId) return builtInActor(input.actorId)?.look;
    const lookKey = lookKeyBeside(input.videoKey);
    return lookKey ? readStoredJson<CharacterLook>(this.storage, lookKey) : undefined;
  }
}
