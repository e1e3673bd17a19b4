import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormatId } from '@lipcast/contracts';
import { buildCues, captionLayout, probeMedia, runFfmpeg, type CaptionBurnIn } from '@lipcast/media-tools';
import { renderTalkingClip } from '../characters/animation';
import { lookFromPrompt } from '../characters/look';
import { characterLayout, FACE } from '../characters/portrait-svg';
import { findMouth } from '../faces/face-landmarks';
import { encodeWav } from '../speech/audio-file';
import { synthesizeSpeech } from '../speech/synthesizer';
import { frameVideo } from './framing';
import { mouthTrack } from './mouth-track';
import { FPS, NoFaceError, renderPhotoTalkingClip } from './photo-lipsync';

jest.setTimeout(240_000);

/** The mouth may sit this share of the frame's width from its middle (the landmark model's jitter and the framing's rounding). */
const CENTRE_TOLERANCE = 0.04;

describe('video formats: exact sizes, the face in the middle, drawn actors drawn at size', () => {
  let folder: string;
  let audio: string;
  let track: ReturnType<typeof mouthTrack>;
  let speech: Awaited<ReturnType<typeof synthesizeSpeech>>;
  /** A real face, left of the middle of a wide picture (1400x720: its mouth at about 46% of the width). */
  let offCentre: string;
  /** The same face in a 640x720 portrait: narrower than the square and wide formats (a blurred fill). */
  let portrait: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'formats-'));
    const sheet = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
    portrait = join(folder, 'portrait.jpg');
    offCentre = join(folder, 'wide.jpg');
    await runFfmpeg(['-i', sheet, '-vf', 'crop=118:128:130:0,scale=640:720', '-q:v', '3', portrait]);
    await runFfmpeg(['-i', portrait, '-vf', 'pad=1400:720:330:0:0x556677', '-q:v', '3', offCentre]);
    // Every render below is as long as this speech, and what they check (sizes, framing, captions, sharpness) is not its length: 1.2 s.
    speech = await synthesizeSpeech({ text: 'Hello there.', voiceId: 'Calm_Woman' });
    audio = join(folder, 'speech.wav');
    await writeFile(audio, encodeWav(speech));
    track = mouthTrack(speech, FPS);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** The off-centre photo spoken in `format`, rendered once for every test that reads it; resolves with the file and its kept landmarks. */
  const photoRenders = new Map<VideoFormatId, Promise<{ out: string; mouths: Awaited<ReturnType<typeof renderPhotoTalkingClip>> }>>();
  function photoIn(format: VideoFormatId) {
    if (!photoRenders.has(format)) {
      const out = join(folder, `photo-${format}.mp4`);
      photoRenders.set(format, renderPhotoTalkingClip(offCentre, track, audio, out, { isImage: true, format }).then((mouths) => ({ out, mouths })));
    }
    return photoRenders.get(format)!;
  }

  /** The rgb24 frame in the middle of `video`, at its own size. */
  async function middleFrame(video: string): Promise<{ rgb: Buffer; width: number; height: number }> {
    const info = await probeMedia(video);
    const { width, height } = info.video!;
    const rgb = await runFfmpeg(['-ss', (info.durationSeconds / 2).toFixed(2), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { captureOutput: true });
    return { rgb, width, height };
  }

  async function expectFaceCentred(video: string, format: VideoFormatId) {
    const { width, height } = VIDEO_FORMATS[format];
    expect((await probeMedia(video)).video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width, height });
    const frame = await middleFrame(video);
    const mouth = await findMouth(frame.rgb, frame.width, frame.height);
    expect(mouth).not.toBeNull();
    expect(Math.abs(mouth!.x - width / 2) / width).toBeLessThan(CENTRE_TOLERANCE);
  }

  it.each(VIDEO_FORMAT_IDS.filter((format) => format !== 'portrait-card'))('speaks a photo in %s: exactly its size, the face framed in the middle', async (format) => {
    await expectFaceCentred((await photoIn(format)).out, format);
  });

  it('keeps the portrait card as it was: 640x720, the source cropped in the middle', async () => {
    const out = join(folder, 'photo-card.mp4');
    await renderPhotoTalkingClip(portrait, track, audio, out, { isImage: true });
    expect((await probeMedia(out)).video).toMatchObject({ width: 640, height: 720 });
  });

  it('fills the sides of a frame wider than the picture with a blurred copy of it, not black', async () => {
    const out = join(folder, 'photo-wide.mp4');
    await renderPhotoTalkingClip(portrait, track, audio, out, { isImage: true, format: '16x9-720p' });
    await expectFaceCentred(out, '16x9-720p');
    const frame = await middleFrame(out);
    // The left edge's column (x 0..40), where the 640-wide picture does not reach: the fill's colours, not black.
    let sum = 0;
    let count = 0;
    for (let y = 0; y < frame.height; y += 4) {
      for (let x = 0; x < 40; x++, count++) sum += frame.rgb[(y * frame.width + x) * 3 + 1];
    }
    expect(sum / count).toBeGreaterThan(30);
  });

  it('frames a finished video (the Replicate post-step) in 9:16 around the face, audio kept', async () => {
    const clip = join(folder, 'wide.mp4');
    await runFfmpeg(['-loop', '1', '-i', offCentre, '-i', audio, '-t', '1.5', '-r', '25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
    const out = join(folder, 'framed.mp4');
    await frameVideo(clip, out, '9x16-720p');
    await expectFaceCentred(out, '9x16-720p');
    expect((await probeMedia(out)).audio).toMatchObject({ codec: 'aac' });
  });

  it('keeps the landmarks of a format with its framing: a second 9:16 1080p render given them looks for no face', async () => {
    const { mouths } = await photoIn('9x16-1080p');
    expect(mouths.face).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    // A picture with no face: looked at, it has none; given the kept landmarks, it renders (nothing looked for it).
    const faceless = join(folder, 'faceless.jpg');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x556677:s=640x720', '-frames:v', '1', faceless]);
    await expect(renderPhotoTalkingClip(faceless, track, audio, join(folder, 'faceless.mp4'), { isImage: true, format: '9x16-1080p' })).rejects.toThrow(NoFaceError);
    const second = join(folder, 'kept-2.mp4');
    await renderPhotoTalkingClip(faceless, track, audio, second, { isImage: true, format: '9x16-1080p', mouths });
    expect((await probeMedia(second)).video).toMatchObject({ width: 1080, height: 1920 });
  });

  it.each([
    // The photo's plain render is the one the format test above made.
    ['a photo', async (out: string, captions?: CaptionBurnIn) => (captions ? void (await renderPhotoTalkingClip(offCentre, track, audio, out, { isImage: true, format: '9x16-720p', captions })) : copyFile((await photoIn('9x16-720p')).out, out))],
    ['a drawn actor', async (out: string, captions?: CaptionBurnIn) => void (await renderTalkingClip(lookFromPrompt('a calm man in a blue shirt'), track, audio, out, { format: '9x16-720p', captions }))],
  ])('burns captions into %s in the render’s own encode: the caption band changes while a cue is shown', async (name, render) => {
    const { width, height } = VIDEO_FORMATS['9x16-720p'];
    const captions: CaptionBurnIn = { cues: buildCues(speech.words, { maxCharsPerLine: captionLayout(width, height).maxCharsPerLine }), style: 'bold', width, height };
    const [plain, captioned] = [join(folder, `${name}-plain.mp4`), join(folder, `${name}-captioned.mp4`)];
    await render(plain);
    await render(captioned, captions);
    // The band above the platforms' controls where a vertical frame's captions go (from the middle down to the layout's bottom margin), while the first cue is on screen, as grey.
    const band = { top: height / 2, height: height / 2 - captionLayout(width, height).marginBottom };
    const at = (video: string) =>
      runFfmpeg(['-ss', ((captions.cues[0]!.startMs + 200) / 1000).toFixed(2), '-i', video, '-frames:v', '1', '-vf', `crop=${width}:${band.height}:0:${band.top},format=gray`, '-f', 'rawvideo', 'pipe:1'], { captureOutput: true });
    const [before, after] = [await at(plain), await at(captioned)];
    let changed = 0;
    for (let index = 0; index < before.length; index++) if (Math.abs(before[index]! - after[index]!) > 60) changed++;
    // The text's strokes and outline: well over a thousand pixels of the band, far from all of it.
    expect(changed).toBeGreaterThan(1000);
    expect(changed).toBeLessThan(before.length / 2);
  });

  it('draws a drawn actor at 1080x1920 itself: edges as sharp as a 1080x1920 drawing, sharper than the card scaled up', async () => {
    const look = lookFromPrompt('a cheerful woman with red curly hair on a beach');
    const out = join(folder, 'actor-1080.mp4');
    await renderTalkingClip(look, track, audio, out, { format: '9x16-1080p' });
    expect((await probeMedia(out)).video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    // The face (around the mouth, where the layout puts it) as drawn, and the same region after a trip
    // through the card's scale (down by the layout's factor and up again): what an upscaled card would show.
    const { scale, left, top } = characterLayout({ width: 1080, height: 1920 });
    const box = { width: 400, height: 400, x: Math.round(left + FACE.mouth.x * scale - 200), y: Math.round(top + FACE.mouth.y * scale - 300) };
    const crop = `crop=${box.width}:${box.height}:${box.x}:${box.y}`;
    const at = (filters: string) => runFfmpeg(['-ss', '0.5', '-i', out, '-frames:v', '1', '-vf', `${crop},${filters}format=gray`, '-f', 'rawvideo', 'pipe:1'], { captureOutput: true });
    const native = await at('');
    const small = Math.round(box.width / scale / 2) * 2;
    const upscaled = await at(`scale=${small}:${small},scale=${box.width}:${box.height}:flags=bicubic,`);
    // Squared differences of neighbours: a step spread over k pixels keeps about 1/k of it.
    const energy = (gray: Buffer) => {
      let total = 0;
      for (let y = 0; y < box.height; y++) for (let x = 1; x < box.width; x++) total += (gray[y * box.width + x] - gray[y * box.width + x - 1]) ** 2;
      return total;
    };
    expect(energy(native)).toBeGreaterThan(1.5 * energy(upscaled));
    // And the face sits in the middle of the frame.
    const frame = await middleFrame(out);
    expect(Math.abs(left + FACE.mouth.x * scale - frame.width / 2)).toBeLessThan(frame.width * CENTRE_TOLERANCE);
  });
});
