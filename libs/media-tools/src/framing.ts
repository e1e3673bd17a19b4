/**
 * Framing a picture or clip in a video format around a face, as ffmpeg filters: the source is scaled
 * to the frame's height and cropped to the frame's width around the face; where the picture does not
 * reach (narrower than the frame, or the face near its edge) the face stays in the middle over a
 * blurred, stretched copy of the picture that fills the frame. A source shorter than the frame is
 * worked on at its own height (the face found and the mouth opened at no more pixels than it has) and
 * scaled to the frame in the encoder's pass.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Framing {
  /** Filters from the source to the working frame (what is composited): scale, then crop to the frame's window. */
  decode: string[];
  /** The working frame: the target, or less (narrower where the picture does not reach, lower where the source is). */
  working: Size;
  /** A filter graph (one input, one output) from the working frame to the target: the scale to it, the blurred fill; null when the working frame is the target. */
  fill: string | null;
  /** Where the face's centre is in the working frame (pixels). */
  face: { x: number; y: number };
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The framing of a `source`-sized picture in a `target` frame, the face's centre at `face` (0..1 of
 * the source's width and height; the middle when no face is known).
 */
export function faceFraming(source: Size, target: Size, face: { x: number; y: number } = { x: 0.5, y: 0.5 }): Framing {
  // The frame at the working resolution: the target's, or the source's height when that is lower.
  const frame = source.height >= target.height ? target : { width: even((target.width * source.height) / target.height), height: even(source.height) };
  const scaledWidth = even((source.width * frame.height) / source.height);
  const centre = face.x * scaledWidth;
  const faceAt = { y: face.y * frame.height };
  // The frame's window around the face, kept within the picture: all of it when the picture is wide
  // enough on both sides of the face; otherwise the part the picture has, over the blurred fill.
  const cropLeft = Math.max(0, Math.round(centre - frame.width / 2));
  const cropRight = Math.min(scaledWidth, Math.round(centre + frame.width / 2));
  if (cropRight - cropLeft >= frame.width) {
    const decode = [`scale=${scaledWidth}:${frame.height}`, `crop=${frame.width}:${frame.height}:${cropLeft}:0`, 'setsar=1'];
    const fill = frame === target ? null : `scale=${target.width}:${target.height},setsar=1`;
    return { decode, working: frame, fill, face: { x: centre - cropLeft, ...faceAt } };
  }
  const working = { width: Math.min(even(cropRight - cropLeft), scaledWidth), height: frame.height };
  const from = Math.min(cropLeft, scaledWidth - working.width);
  const left = target.width / 2 - ((centre - from) * target.height) / frame.height;
  const crop = working.width < scaledWidth ? [`crop=${working.width}:${frame.height}:${from}:0`] : [];
  return { decode: [`scale=${scaledWidth}:${frame.height}`, ...crop, 'setsar=1'], working, fill: blurredFill(working, target, Math.round(left)), face: { x: centre - from, ...faceAt } };
}

/**
 * The working frame (as tall as `target` or lower: scaled to its height) over a blurred copy of
 * itself covering `target`, at `left`. The blur is made at a quarter of the size (a box blur there is
 * about 40 pixels wide in the frame) and scaled bilinearly (it is blurred: bicubic adds nothing) so
 * that it costs little next to the encoder. The overlay works in yuv420 (what the frames are and the
 * encoder takes): left to choose (`auto`) it blended in a wider format and cost about twice as much
 * CPU as the rest of the graph at 1080x1920.
 */
export function blurredFill(working: Size, target: Size, left: number): string {
  const small = { width: even(target.width / 4), height: even(target.height / 4) };
  const back = `[fill]scale=${small.width}:${small.height}:force_original_aspect_ratio=increase:flags=fast_bilinear,crop=${small.width}:${small.height},boxblur=10:2,scale=${target.width}:${target.height}:flags=fast_bilinear,setsar=1[back]`;
  const overlay = `overlay=${left}:0:format=yuv420,format=yuv420p`;
  if (working.height === target.height) return ['split[fill][front]', back, `[back][front]${overlay}`].join(';');
  const front = `[front]scale=${even((working.width * target.height) / working.height)}:${target.height},setsar=1[scaled]`;
  return ['split[fill][front]', back, front, `[back][scaled]${overlay}`].join(';');
}
