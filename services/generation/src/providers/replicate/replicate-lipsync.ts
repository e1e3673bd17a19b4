import { join } from 'node:path';
import { DEFAULT_VIDEO_FORMAT } from '@lipcast/contracts';
import { frameVideo } from '@lipcast/media-engine';
import type { MediaFile, WorkContext } from '../../ports/media';
import { LipSyncPort, type LipSyncRequest, type LipSyncVideo } from '../../ports/lipsync.port';
import { toEncodingRules } from './media-edits';
import { ReplicateModel, runAdapter, type PollingOptions, type ReplicateAdapter, type ReplicateAdapterOptions } from './replicate-client';

/** Video generation takes 2-3 minutes (spec section 9); 10 minutes before giving up, progress every 2 s. */
const LIPSYNC_POLLING: PollingOptions = { pollIntervalMs: 2000, timeoutMs: 600_000 };

/**
 * Video + audio → the person speaking the audio, on Replicate with LatentSync (a community model: run
 * by its latest version), as long as the audio. Its mp4 has the index at the end (LatentSync's own
 * ffmpeg mux), so the output is probed and re-muxed (or re-encoded) to our encoding rules. In a
 * format other than the portrait card, the output is framed around the face the same way the
 * embedded engine frames a photo (cropped, or over a blurred fill where the frame is wider), the
 * captions burned in by that same pass; in the portrait card the caller burns them in afterwards.
 */
export class ReplicateLipSync extends LipSyncPort implements ReplicateAdapter<LipSyncRequest, LipSyncVideo> {
  readonly name = 'replicate';
  readonly replicate: ReplicateModel;

  constructor(options: ReplicateAdapterOptions) {
    super();
    this.replicate = new ReplicateModel(options, { model: 'bytedance/latentsync', polling: LIPSYNC_POLLING });
  }

  /** A new take's seed goes to LatentSync's own `seed` (whose 0 is a random one: the first take sends none, as before). */
  inputFor(request: LipSyncRequest): Record<string, unknown> {
    return { video: request.video.url, audio: request.audio.url, ...(request.seed ? { seed: request.seed } : {}) };
  }

  async resultFrom(files: MediaFile[], request: LipSyncRequest, context: WorkContext): Promise<LipSyncVideo> {
    if (!request.format || request.format === DEFAULT_VIDEO_FORMAT) return toEncodingRules(files[0], join(context.workDir, 'lipsync.mp4'), context.signal);
    const out = join(context.workDir, 'lipsync.mp4');
    await frameVideo(files[0].path, out, request.format, context.signal, request.captions);
    return { path: out, contentType: 'video/mp4', ...(request.captions ? { captionsBurned: true } : {}) };
  }

  lipSync(request: LipSyncRequest, context: WorkContext): Promise<LipSyncVideo> {
    return runAdapter(this, request, context);
  }
}
