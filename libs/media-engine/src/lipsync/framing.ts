import { rm } from 'node:fs/promises';
import type { CaptionBurnIn } from '@lipcast/media-tools';
import { DEFAULT_VIDEO_FORMAT, videoFormat, type VideoFormatId } from '@lipcast/contracts';
import { captionsFilter, checkMediaInput, faceFraming, MAX_PIXELS_OPTION, MediaLimitMessages, ProviderError, runFfmpeg, type Framing, type InputSize } from '@lipcast/media-tools';
import { findMouth } from '../faces/face-landmarks';

/** The longest side a picture is looked at in to find where its face is, for framing (the landmark model's work grows with it). */
const FRAMING_LOOK_SIZE = 720;

/**
 * Where the face is in the source's first frame (0..1 of its width and height), to frame it in a
 * format; the middle when none is found there (the landmark pass reports a missing face).
 */
export async function findFaceCentre(path: string, size: InputSize, signal?: AbortSignal): Promise<{ x: number; y: number }> {
  const ratio = Math.min(1, FRAMING_LOOK_SIZE / Math.max(size.width, size.height));
  const width = Math.max(2, 2 * Math.round((size.width * ratio) / 2));
  const height = Math.max(2, 2 * Math.round((size.height * ratio) / 2));
  const args = [...MAX_PIXELS_OPTION, '-i', path, '-vf', `scale=${width}:${height}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const still = await runFfmpeg(args, { captureOutput: true, signal });
  if (still.length !== width * height * 3) throw new ProviderError(MediaLimitMessages.unreadable, 'invalid-input');
  const mouth = await findMouth(still, width, height);
  return mouth ? { x: mouth.x / width, y: mouth.y / height } : { x: 0.5, y: 0.5 };
}

/**
 * How a source is framed in `format`: null for the portrait card (the middle of the source covering
 * 640x720). `face` is the face's centre when known already (kept with the landmarks), else found now.
 */
export async function framingFor(path: string, size: InputSize, format: VideoFormatId | undefined, signal?: AbortSignal, face?: { x: number; y: number }): Promise<Framing | null> {
  if (!format || format === DEFAULT_VIDEO_FORMAT) return null;
  return faceFraming(size, videoFormat(format), face ?? (await findFaceCentre(path, size, signal)));
}

/**
 * A finished video (e.g. a provider's lip-sync) framed in `format` around the face of its first frame,
 * with the blurred fill where it is narrower than the frame, and `captions` burned in: one ffmpeg
 * pass, the audio re-encoded. The portrait card's is the video covering 640x720, cropped in the middle.
 */
export async function frameVideo(input: string, out: string, format: VideoFormatId, signal?: AbortSignal, captions?: CaptionBurnIn): Promise<void> {
  const size = await checkMediaInput(input, signal);
  const target = videoFormat(format);
  const framing = (await framingFor(input, size, format, signal)) ?? faceFraming(size, target);
  const script = `${out}.captions.ass`;
  const burn = captions?.cues.length ? [await captionsFilter(captions, script)] : [];
  const graph = [...framing.decode, framing.fill ?? 'format=yuv420p', ...burn].join(',');
  try {
    await runFfmpeg(
      [
        ...['-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-vf', graph],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', out],
      ],
      { signal },
    );
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  } finally {
    if (burn.length) await rm(script, { force: true });
  }
}
