import { readFile, rm, writeFile } from 'node:fs/promises';
import { samplePosterHeight, type PosterFormat, type SamplePosterWidth } from '@lipcast/contracts';
import { runFfmpeg } from '@lipcast/media-tools';
import { avifFromAv1Frame, firstIvfFrame } from './avif-container';

/** The video's first frame (the sample starts with its mouth closed, so the poster is what plays first), scaled to the poster. */
const firstFrameAt = (video: string, width: SamplePosterWidth) => ['-i', video, '-frames:v', '1', '-vf', `scale=${width}:${samplePosterHeight(width)}:flags=lanczos`];
const WEBP = ['-c:v', 'libwebp', '-quality', '80', '-f', 'webp'];

/** A finished video's poster: its first frame at the video's own size (so at its format's aspect), as WebP in `out`. */
export async function renderVideoPoster(video: string, out: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(['-i', video, '-frames:v', '1', ...WEBP, out], { signal });
}

/**
 * A sample's poster from its video, written to `out`. WebP is quick (about 0.1 s). AVIF at crf 40
 * matches WebP quality 80 (SSIM 0.996 on a drawn sample) in about a quarter fewer bytes, but libaom
 * takes about 2 s of CPU for a 640 x 720 still at `cpu-used` 6: the seed affords it, once per key.
 */
export async function renderSamplePoster(video: string, format: PosterFormat, width: SamplePosterWidth, out: string): Promise<void> {
  if (format === 'webp') {
    await runFfmpeg([...firstFrameAt(video, width), ...WEBP, out]);
    return;
  }
  // The frame goes through IVF into our own container (from when ffmpeg 4.1, without an AVIF muxer, was in use).
  const ivf = `${out}.ivf`;
  try {
    await runFfmpeg([
      ...firstFrameAt(video, width),
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libaom-av1', '-strict', 'experimental', '-cpu-used', '6', '-lag-in-frames', '0', '-crf', '40', '-b:v', '0', '-f', 'ivf', ivf],
    ]);
    await writeFile(out, avifFromAv1Frame(firstIvfFrame(await readFile(ivf)), width, samplePosterHeight(width)));
  } finally {
    await rm(ivf, { force: true });
  }
}
