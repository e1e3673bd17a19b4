import { rm } from 'node:fs/promises';
import { captionsFilter, type CaptionBurnIn } from './captions/burn-in';
import { runFfmpeg } from './ffmpeg';

export interface VideoEncoding {
  /** Raw frames of `width` x `height` in `pixelFormat`, in order. */
  frames: AsyncIterable<Buffer>;
  /** rgb24 unless said; yuv420p frames go to the encoder as they are (no conversion, half the bytes). */
  pixelFormat?: 'rgb24' | 'yuv420p';
  width: number;
  height: number;
  fps: number;
  /** The video's length; the audio is cut or padded with silence to it. */
  durationSeconds: number;
  /** A soundtrack (any format ffmpeg reads); none makes a silent clip. */
  audioPath?: string;
  out: string;
  signal?: AbortSignal;
  /** A filter graph (one input, one output) the frames go through before the encoder, e.g. a format's blurred fill. */
  videoFilter?: string;
  /** x264's speed preset; `veryfast` unless the caller measured that a faster one keeps the quality. */
  preset?: 'veryfast' | 'superfast' | 'ultrafast';
  /** x264's tuning: `animation` (drawn pictures, the default) or `film` (camera footage). */
  tune?: 'animation' | 'film';
  /** The quality (x264's constant rate factor, lower is better): 23 unless said. */
  crf?: number;
  /** Captions burned in by this encode, after `videoFilter` (their script is written beside `out` and removed after). */
  captions?: CaptionBurnIn;
}

/**
 * Piped frames (and a soundtrack) → an MP4 every browser plays: H.264 High, yuv420p, AAC, the index
 * at the front (`+faststart`). The audio is padded and the length set with `-t`, because `-shortest`
 * hangs the frame writer when the audio ends first. Captions, when given, are drawn in the same pass
 * (no second encode).
 */
export async function encodeVideo(encoding: VideoEncoding): Promise<void> {
  const video = ['-f', 'rawvideo', '-pix_fmt', encoding.pixelFormat ?? 'rgb24', '-s', `${encoding.width}x${encoding.height}`, '-r', String(encoding.fps), '-i', 'pipe:0'];
  const audio = encoding.audioPath ? ['-i', encoding.audioPath, '-map', '0:v', '-map', '1:a', '-af', 'apad', '-c:a', 'aac', '-b:a', '128k'] : [];
  const script = `${encoding.out}.captions.ass`;
  const captions = encoding.captions?.cues.length ? await captionsFilter(encoding.captions, script) : undefined;
  // Captions are drawn on yuv420p frames (what the encoder takes): on rgb24 ones libass blends three full planes.
  const filter = captions ? `${encoding.videoFilter ?? 'format=yuv420p'},${captions}` : encoding.videoFilter;
  try {
    await runFfmpeg(
      [
        ...video,
        ...audio,
        ...(filter ? ['-vf', filter] : []),
        ...['-c:v', 'libx264', '-preset', encoding.preset ?? 'veryfast', '-tune', encoding.tune ?? 'animation', '-crf', String(encoding.crf ?? 23), '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
        ...['-t', encoding.durationSeconds.toFixed(3), '-movflags', '+faststart', encoding.out],
      ],
      { input: encoding.frames, signal: encoding.signal },
    );
  } finally {
    if (captions) await rm(script, { force: true });
  }
}

/** Repeats a clip (stream copy, no re-encoding) until it lasts `durationSeconds`. */
export async function loopVideo(input: string, durationSeconds: number, out: string): Promise<void> {
  await runFfmpeg(['-stream_loop', '-1', '-i', input, '-c', 'copy', '-t', durationSeconds.toFixed(3), '-movflags', '+faststart', out]);
}

/** One raw frame of `width` x `height` in `pixelFormat` → a JPEG still (thumbnails). */
export async function encodeJpeg(still: { frame: Buffer; pixelFormat: 'rgb24' | 'yuv420p'; width: number; height: number }, out: string): Promise<void> {
  const input = ['-f', 'rawvideo', '-pix_fmt', still.pixelFormat, '-s', `${still.width}x${still.height}`, '-i', 'pipe:0'];
  await runFfmpeg([...input, '-frames:v', '1', '-q:v', '3', out], { input: still.frame });
}
