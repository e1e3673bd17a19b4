import { join } from 'node:path';
import type { MediaFile, WorkContext } from '../../ports/media';
import { ProviderError } from '../../ports/media';
import { LipSyncPort, type LipSyncRequest } from '../../ports/lipsync.port';
import { FPS, renderTalkingClip } from '../../engine/characters/animation';
import { mouthTrack } from '../../engine/lipsync/mouth-track';
import { decodeAudio } from '../../engine/speech/audio-file';

export const NO_FACE_MESSAGE = 'The offline engine can lip-sync the built-in actors and the portraits it drew; no face was found in this video.';

/**
 * Lip-sync by the embedded engine: a drawn character (a built-in actor or a portrait it drew) is drawn anew speaking the audio, its mouth
 * following the phonemes (when the embedded speech made the audio) and the loudness of each frame.
 */
export class EmbeddedLipSync extends LipSyncPort {
  readonly name = 'embedded';

  async lipSync(request: LipSyncRequest, context: WorkContext): Promise<MediaFile> {
    const character = request.character;
    if (!character) throw new ProviderError(NO_FACE_MESSAGE, 'invalid-input');
    const audioPath = request.audio.localPath;
    if (!audioPath) throw new Error('The embedded lip-sync needs the audio on local disk');
    const audio = await decodeAudio(audioPath, 16000, context.signal);
    const mouths = mouthTrack({ ...audio, phonemes: request.phonemes ?? [] }, FPS);
    context.progress(0.05);
    const out = join(context.workDir, 'lipsync.mp4');
    await renderTalkingClip(character, mouths, audioPath, out, {
      signal: context.signal,
      onProgress: (fraction) => context.progress(0.05 + 0.9 * fraction),
    });
    return { path: out, contentType: 'video/mp4' };
  }
}
