import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg, stillToClip } from '@lipcast/media-tools';
import { analyseFaces, FACE_CHECK_LIMITS } from './face-check';
import { makeFaceClip, makeFaceFixture, type FaceFixture } from './face-fixtures';

jest.setTimeout(60_000);

describe('the face check (face detector and mesh, offline)', () => {
  let folder: string;
  const picture = (fixture: FaceFixture) => makeFaceFixture(folder, fixture);
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'face-check-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('passes a photo of one face facing the camera, with its box, yaw and roll', async () => {
    const analysis = await analyseFaces(await picture('man'), { isImage: true });
    expect(analysis).toMatchObject({ isImage: true, width: 640, height: 416, verdict: 'ok', timing: null, motion: null });
    const [face] = analysis.frames[0].faces;
    expect(analysis.frames[0].faces).toHaveLength(1);
    // The man sits right of centre, in the upper half.
    expect(face.box.x).toBeGreaterThan(0.4);
    expect(face.box.y + face.box.height).toBeLessThan(0.6);
    expect(Math.abs(face.yawDegrees)).toBeLessThan(12);
    expect(Math.abs(face.rollDegrees)).toBeLessThan(12);
  });

  it("passes the lip-sync tests' photo (a head turned a little)", async () => {
    const analysis = await analyseFaces(await picture('woman'), { isImage: true });
    expect(analysis.verdict).toBe('ok');
    expect(Math.abs(analysis.frames[0].faces[0].yawDegrees)).toBeGreaterThan(10);
  });

  it('refuses a picture with no face', async () => {
    const analysis = await analyseFaces(await picture('noFace'), { isImage: true });
    expect(analysis.frames[0].faces).toEqual([]);
    expect(analysis.verdict).toBe('no-face');
  });

  it('finds no face in a picture smaller than any face it takes', async () => {
    const pixel = join(folder, 'pixel.png');
    await writeFile(pixel, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    expect(await analyseFaces(pixel, { isImage: true })).toMatchObject({ width: 1, height: 1, verdict: 'no-face' });
  });

  it('counts two faces side by side', async () => {
    const analysis = await analyseFaces(await picture('twoFaces'), { isImage: true });
    expect(analysis.frames[0].faces).toHaveLength(2);
    expect(analysis.verdict).toBe('several-faces');
  });

  it('refuses a face too small for lip-sync', async () => {
    const analysis = await analyseFaces(await picture('tinyFace'), { isImage: true });
    expect(analysis.frames[0].faces).toHaveLength(1);
    expect(analysis.frames[0].faces[0].sidePixels).toBeLessThan(FACE_CHECK_LIMITS.minFaceShare * 832);
    expect(analysis.verdict).toBe('face-too-small');
  });

  it("samples a clip's frames and reads its length and frame rate", async () => {
    const clip = join(folder, 'man.mp4');
    await stillToClip({ image: await picture('man'), width: 640, height: 416, fps: 25, durationSeconds: 3, out: clip });
    const analysis = await analyseFaces(clip, { isImage: false });
    expect(analysis.frames).toHaveLength(FACE_CHECK_LIMITS.clipSamples);
    expect(analysis).toMatchObject({ isImage: false, fps: 25, verdict: 'ok', timing: null });

    const slow = join(folder, 'slow.mp4');
    await runFfmpeg(['-i', clip, '-vf', 'fps=8', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', slow]);
    expect(await analyseFaces(slow, { isImage: false })).toMatchObject({ verdict: 'ok', timing: 'frame-rate' });

    const short = join(folder, 'short.mp4');
    await runFfmpeg(['-i', clip, '-t', '0.5', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', short]);
    expect((await analyseFaces(short, { isImage: false })).timing).toBe('clip-too-short');
  });

  it('passes a clip that moves and refuses a still picture re-encoded as a video', async () => {
    const moving = await analyseFaces(await makeFaceClip(folder, { width: 640, height: 360, seconds: 3 }), { isImage: false });
    expect(moving).toMatchObject({ verdict: 'ok', timing: null });
    expect(moving.motion).toBeGreaterThan(10 * FACE_CHECK_LIMITS.minMovingShare);

    const still = await analyseFaces(await makeFaceClip(folder, { width: 640, height: 360, seconds: 3, still: true }), { isImage: false });
    // Its faces pass: only its stillness refuses it.
    expect(still.frames.every((frame) => frame.verdict === 'ok')).toBe(true);
    expect(still).toMatchObject({ verdict: 'still-video', timing: null });
    expect(still.motion).toBeLessThan(FACE_CHECK_LIMITS.minMovingShare);
  });
});
