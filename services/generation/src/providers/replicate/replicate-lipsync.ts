import type { MediaFile, WorkContext } from '../../ports/media';
import { LipSyncPort, type LipSyncRequest } from '../../ports/lipsync.port';
import { ReplicateModel, type PollingOptions, type ReplicateAdapterOptions } from './replicate-client';

/** Video generation takes 2-3 minutes (spec section 9); 10 minutes before giving up, progress every 2 s. */
const LIPSYNC_POLLING: PollingOptions = { pollIntervalMs: 2000, timeoutMs: 600_000 };

/** Video + audio → the person speaking the audio, on Replicate with LatentSync (mp4 as long as the audio). */
export class ReplicateLipSync extends LipSyncPort {
  readonly name = 'replicate';
  private readonly latentSync: ReplicateModel;

  constructor(options: ReplicateAdapterOptions) {
    super();
    this.latentSync = new ReplicateModel(options, { model: 'bytedance/latentsync', polling: LIPSYNC_POLLING });
  }

  async lipSync(request: LipSyncRequest, context: WorkContext): Promise<MediaFile> {
    const input = { video: request.video.url, audio: request.audio.url };
    const { files } = await this.latentSync.run(input, context);
    context.progress(1);
    return files[0];
  }
}
