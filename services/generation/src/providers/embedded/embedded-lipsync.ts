import { join } from 'node:path';
import { ProviderError, type WorkContext } from '../../ports/media';
import { LipSyncPort, type LipSyncRequest, type LipSyncVideo } from '../../ports/lipsync.port';
import { DEFAULT_VIDEO_FORMAT, OWN_ACTOR_CLIP_PATTERN, type VideoFormatId } from '@lipcast/contracts';
import { decodeAudio, findMouths, FPS, mouthTrack, NoFaceError, renderPhotoTalkingClip, renderTalkingClip, scoreRender, type SampledMouths } from '@lipcast/media-engine';

export const NO_FACE_MESSAGE = 'No face was found in this video or picture. Please use a clear, front-facing photo of one person.';

/** Where the mouth landmarks of a source clip are kept, so each clip is analysed once per format (they are found in the format's frame). */
export interface MouthLandmarkCache {
  read(mediaKey: string, format: VideoFormatId): Promise<SampledMouths | null>;
  write(mediaKey: string, format: VideoFormatId, mouths: SampledMouths): Promise<void>;
}

/**
 * Lip-sync by the embedded engine, offline. A drawn character (a built-in actor or a portrait the
 * engine drew) is drawn anew speaking; a real face (a photo or a clip) has its mouth found by a
 * face-landmark model and opened per frame. The mouth follows the phonemes (when the embedded speech
 * made the audio) and the loudness of each frame. Captions are burned in by the render's own encode.
 * Each render's lip-sync is scored from the mouths it drew (no second decode of the video).
 */
export class EmbeddedLipSync extends LipSyncPort {
  readonly name = 'embedded';

  constructor(private readonly landmarks?: MouthLandmarkCache) {
    super();
  }

  async lipSync(request: LipSyncRequest, context: WorkContext): Promise<LipSyncVideo> {
    const audioPath = request.audio.localPath;
    if (!audioPath) throw new Error('The embedded lip-sync needs the audio on local disk');
    const audio = await decodeAudio(audioPath, 16000, context.signal);
    const track = mouthTrack({ ...audio, phonemes: request.phonemes ?? [] }, FPS);
    context.progress(0.05);
    const out = join(context.workDir, 'lipsync.mp4');
    const onProgress = (fraction: number) => context.progress(0.05 + 0.9 * fraction);
    const mouthPatches: Uint8Array[] = [];
    if (request.character) {
      await renderTalkingClip(request.character, track, audioPath, out, { format: request.format, seed: request.seed, captions: request.captions, signal: context.signal, onProgress, mouthPatches });
      const lipSync = await scoreRender(mouthPatches, FPS, audioPath, 'darkness', context.signal);
      return { path: out, contentType: 'video/mp4', lipSync, ...(request.captions ? { captionsBurned: true } : {}) };
    }
    const source = request.video;
    if (!source.localPath) throw new Error('The embedded lip-sync needs the video on local disk');
    const { footage, cacheKey, format } = landmarksOf(source.key, request.format);
    const known = cacheKey ? await this.landmarks?.read(cacheKey, format) : null;
    // Footage at its own size has no format the captions were laid out for: they are burned in by the pass after, at its real size.
    const captions = footage && !request.format ? undefined : request.captions;
    let mouths: SampledMouths;
    try {
      mouths = await renderPhotoTalkingClip(source.localPath, track, audioPath, out, {
        isImage: source.contentType.startsWith('image/'),
        footage,
        format: request.format,
        seed: request.seed,
        mouths: known ?? undefined,
        captions,
        signal: context.signal,
        onProgress,
        mouthPatches,
      });
      if (!known && cacheKey) await this.landmarks?.write(cacheKey, format, mouths);
    } catch (error) {
      throw error instanceof NoFaceError ? new ProviderError(NO_FACE_MESSAGE, 'invalid-input') : error;
    }
    const lipSync = await scoreRender(mouthPatches, mouths.video?.fps ?? FPS, audioPath, 'change', context.signal);
    return { path: out, contentType: 'video/mp4', lipSync, ...(captions ? { captionsBurned: true } : {}) };
  }

  /** Finds and keeps the clip's landmarks for a render at its own size (the wizard's default), which then skips its landmark pass. */
  override async prepareOwnClip(clipKey: string, localCopy: () => Promise<string>, signal?: AbortSignal): Promise<void> {
    const { footage, cacheKey, format } = landmarksOf(clipKey, undefined);
    if (!footage || !this.landmarks || !cacheKey || (await this.landmarks.read(cacheKey, format))) return;
    await this.landmarks.write(cacheKey, format, await findMouths(await localCopy(), { isImage: false, footage: true, signal }));
  }
}

/**
 * Where a source's landmarks are kept: per source and format (another format frames the face and
 * finds them in its own frame). A creator's own clip is footage: rendered at its own size and frame
 * rate unless a format is chosen, looped forward and backward, and its landmarks kept apart from a
 * portrait card's.
 */
function landmarksOf(key: string | undefined, requestFormat: VideoFormatId | undefined) {
  const footage = !!key && OWN_ACTOR_CLIP_PATTERN.test(key);
  return { footage, cacheKey: key && (footage ? `${key}.footage` : key), format: requestFormat ?? DEFAULT_VIDEO_FORMAT };
}
