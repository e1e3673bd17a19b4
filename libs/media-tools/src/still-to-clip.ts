import { rm } from 'node:fs/promises';
import { runFfmpeg } from './ffmpeg';
import { checkDuration, checkMediaInput, MAX_PIXELS_OPTION } from './media-limits';

export interface StillToClip {
  image: string;
  width: number;
  height: number;
  fps: number;
  /** The whole clip: a slow push-in for half of it, then the same frames backwards. */
  durationSeconds: number;
  out: string;
  signal?: AbortSignal;
}

/**
 * A still portrait → a clip of it: a slow zoom towards the face, then back, so the clip loops
 * seamlessly (the spec's forward-then-backward play). Silent; H.264 High, yuv420p, faststart.
 */
export async function stillToClip(clip: StillToClip): Promise<void> {
  checkDuration(clip.durationSeconds);
  await checkMediaInput(clip.image, clip.signal);
  const frames = Math.round((clip.durationSeconds * clip.fps) / 2);
  // The picture is decoded once, into a small lossless still, scaled up so the zoom's whole-pixel
  // crop steps stay invisible at the output size; the filters below work on that still only.
  const still = `${clip.out}.still.png`;
  await runFfmpeg([...MAX_PIXELS_OPTION, '-i', clip.image, '-vf', `scale=${clip.width * 2}:${clip.height * 2}`, '-frames:v', '1', still], { signal: clip.signal });
  const push = `zoompan=z='1+0.12*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih*0.42-(ih/zoom*0.42)':d=${frames}:s=${clip.width}x${clip.height}:fps=${clip.fps}`;
  try {
    await runFfmpeg(
      [
        ...['-i', still, '-filter_complex', `[0:v]${push},split[forward][copy];[copy]reverse[backward];[forward][backward]concat=n=2:v=1:a=0,format=yuv420p[v]`],
        ...['-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-profile:v', 'high', '-movflags', '+faststart', clip.out],
      ],
      { signal: clip.signal },
    );
  } finally {
    await rm(still, { force: true });
  }
}
