import { runFfmpeg } from './ffmpeg';

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
  const frames = Math.round((clip.durationSeconds * clip.fps) / 2);
  // Scaled up first so the zoom's whole-pixel crop steps stay invisible at the output size.
  const push =
    `scale=${clip.width * 2}:${clip.height * 2},` +
    `zoompan=z='1+0.12*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih*0.42-(ih/zoom*0.42)':d=${frames}:s=${clip.width}x${clip.height}:fps=${clip.fps}`;
  await runFfmpeg(
    [
      ...['-i', clip.image, '-filter_complex', `[0:v]${push},split[forward][copy];[copy]reverse[backward];[forward][backward]concat=n=2:v=1:a=0,format=yuv420p[v]`],
      ...['-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-profile:v', 'high', '-movflags', '+faststart', clip.out],
    ],
    { signal: clip.signal },
  );
}
