import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Replicate from 'replicate';
import { encodePng, ffmpegBinary } from './media.ts';
import { MODELS, versionId } from './models.ts';
import { startReplicateStandIn, type ReplicateStandIn } from './stand-in.ts';
import { pollUntil as waitFor } from '../lib/poll.ts';

const TOKEN = 'r8_stand_in_own_tests';

/** The size of a video's first stream, from ffmpeg's report (the tools have no probe). */
function videoSize(video: Buffer): [number, number] {
  const report = spawnSync(ffmpegBinary(), ['-hide_banner', '-i', 'pipe:0'], { input: video }).stderr.toString();
  const match = /Video: .*?, (\d{2,5})x(\d{2,5})/.exec(report);
  if (!match) throw new Error(`no video stream in: ${report}`);
  return [Number(match[1]), Number(match[2])];
}

/** A tone of `seconds` as an MP3 data: URI (a voice sample the cloning model can read). */
const toneMp3Uri = (seconds: number) => {
  const mp3 = spawnSync(ffmpegBinary(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=200:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', 'pipe:1'], { maxBuffer: 16 * 1024 * 1024 }).stdout;
  return `data:audio/mpeg;base64,${mp3.toString('base64')}`;
};

const pictureUri = (width: number, height: number) => `data:image/png;base64,${encodePng(width, height, () => [90, 120, 150]).toString('base64')}`;

const post = (standIn: ReplicateStandIn, path: string, body: unknown, token = TOKEN) =>
  fetch(`${standIn.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('Replicate stand-in', () => {
  jest.setTimeout(20_000);
  let standIn: ReplicateStandIn;
  let replicate: Replicate;

  beforeAll(async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2, outputLifetimeMs: 1500 });
    replicate = new Replicate({ auth: TOKEN, baseUrl: standIn.url });
  });

  afterAll(() => standIn.stop());

  it('runs a model by version id and holds the create while Prefer: wait asks', async () => {
    const prediction = await replicate.predictions.create({ version: versionId('minimax/speech-02-hd'), input: { text: 'Hello there.' }, wait: 10 });

    expect(prediction).toMatchObject({ status: 'succeeded', model: 'minimax/speech-02-hd', version: versionId('minimax/speech-02-hd'), error: null });
    expect(prediction.urls.get).toBe(`${standIn.url}/predictions/${prediction.id}`);
    expect(prediction.logs).toContain('100%|');
    const audio = await fetch(prediction.output as string);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('answers with the status so far and advances on its own without Prefer: wait', async () => {
    const created = await replicate.predictions.create({ model: 'black-forest-labs/flux-schnell', input: { prompt: 'A dog', num_outputs: 2, output_format: 'jpg' } });
    expect(created.status).toBe('starting');

    const done = await waitFor(async () => {
      const prediction = await replicate.predictions.get(created.id);
      return prediction.status === 'succeeded' && prediction;
    }, 30_000); // two portraits drawn on a shared, loaded machine: seconds each, not a figure this test checks
    expect(done.output).toHaveLength(2);
    const image = Buffer.from(await (await fetch((done.output as string[])[1])).arrayBuffer());
    expect([image[0], image[1]]).toEqual([0xff, 0xd8]); // a JPEG
  });

  it("answers Replicate's errors: 401, 404 for an unknown model, 422 for input outside the schema", async () => {
    const unauthenticated = await post(standIn, '/models/minimax/speech-02-hd/predictions', { input: { text: 'Hi' } }, 'r8_wrong');
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toMatchObject({ detail: 'You did not pass a valid authentication token', status: 401 });

    expect((await post(standIn, '/models/nobody/nothing/predictions', { input: {} })).status).toBe(404);

    const invalid = await post(standIn, '/models/wan-video/wan-2.2-i2v-fast/predictions', { input: { prompt: 'Hi', num_frames: 10 } });
    expect(invalid.status).toBe(422);
    const body = (await invalid.json()) as { detail: string };
    expect(body.detail).toContain('image is required');
    expect(body.detail).toContain('input.num_frames: Must be greater than or equal to 81');
  });

  it('refuses the model endpoint for a community model with 404, and runs it by version id or owner/name:version', async () => {
    const onModelEndpoint = await post(standIn, '/models/bytedance/latentsync/predictions', { input: { video: 'https://example.com/a.mp4', audio: 'https://example.com/a.mp3' } });
    expect(onModelEndpoint.status).toBe(404);
    expect(await onModelEndpoint.json()).toEqual({ detail: 'The requested resource could not be found.', status: 404 });
    // The SDK's `model: 'owner/name:version'` posts here too (replicate-javascript #347).
    expect((await post(standIn, `/models/bytedance/latentsync:${versionId('bytedance/latentsync')}/predictions`, { input: {} })).status).toBe(404);
    // A community model needs its version: a bare owner/name is not enough on /v1/predictions either.
    expect((await post(standIn, '/predictions', { version: 'bytedance/latentsync', input: {} })).status).toBe(422);

    const input = { video: 'https://example.com/a.mp4?[slow]', audio: 'https://example.com/a.mp3' };
    const byId = await replicate.predictions.create({ version: versionId('bytedance/latentsync'), input });
    const byName = await replicate.predictions.create({ version: `bytedance/latentsync:${versionId('bytedance/latentsync')}`, input });
    expect([byId.model, byName.model]).toEqual(['bytedance/latentsync', 'bytedance/latentsync']);
    expect(standIn.creations.filter((creation) => [byId.id, byName.id].includes(creation.id)).map((creation) => creation.endpoint)).toEqual(['version', 'version']);
    await Promise.all([byId.id, byName.id].map((id) => replicate.predictions.cancel(id)));
  });

  it("serves the model with its latest version's published schema, its versions, and 404/422 for unknown ones", async () => {
    for (const [name, file] of [
      ['bytedance/latentsync', 'bytedance__latentsync.json'],
      ['minimax/speech-02-hd', 'minimax__speech-02-hd.json'],
      ['black-forest-labs/flux-schnell', 'black-forest-labs__flux-schnell.json'],
      ['wan-video/wan-2.2-i2v-fast', 'wan-video__wan-2.2-i2v-fast.json'],
      ['minimax/voice-cloning', 'minimax__voice-cloning.json'],
    ] as const) {
      const [owner, model] = name.split('/');
      const published = JSON.parse(readFileSync(join(process.cwd(), 'tools/replicate/schemas', file), 'utf8')) as { Input: unknown };
      const served = await replicate.models.get(owner, model);
      expect(served).toMatchObject({ owner, name: model, latest_version: { id: versionId(name) } });
      expect((served.latest_version?.openapi_schema as { components: { schemas: { Input: unknown } } }).components.schemas.Input).toEqual(published.Input);
      expect((await replicate.models.versions.get(owner, model, versionId(name))).id).toBe(versionId(name));
    }
    await expect(replicate.models.versions.get('bytedance', 'latentsync', 'f'.repeat(64))).rejects.toMatchObject({ response: { status: 404 } });
    await expect(replicate.models.get('nobody', 'nothing')).rejects.toMatchObject({ response: { status: 404 } });

    const unknown = await post(standIn, '/predictions', { version: 'f'.repeat(64), input: { text: 'Hi' } });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      title: 'Invalid version or not permitted',
      detail: "The specified version does not exist (or perhaps you don't have permission to use it?)",
      status: 422,
    });
  });

  it('publishes a new version; a removed one answers 422 when run and 404 when read', async () => {
    const old = versionId('minimax/speech-02-turbo');
    const published = standIn.publishVersion('minimax/speech-02-turbo', { removePrevious: true });

    expect(standIn.latestVersion('minimax/speech-02-turbo')).toBe(published);
    expect((await replicate.models.get('minimax', 'speech-02-turbo')).latest_version?.id).toBe(published);
    expect((await post(standIn, '/predictions', { version: old, input: { text: 'Hi' } })).status).toBe(422);
    await expect(replicate.models.versions.get('minimax', 'speech-02-turbo', old)).rejects.toMatchObject({ response: { status: 404 } });
    expect((await replicate.predictions.create({ version: published, input: { text: 'Hi there.' }, wait: 10 })).status).toBe('succeeded');
    // Official: the model endpoint runs the latest version.
    expect((await replicate.predictions.create({ model: 'minimax/speech-02-turbo', input: { text: 'Hi again.' }, wait: 10 })).version).toBe(published);
  });

  it("checks each model's published schema: enumerations, formats and ranges", async () => {
    const flux = await post(standIn, '/models/black-forest-labs/flux-schnell/predictions', { input: { prompt: 'A cat', aspect_ratio: '7:5', output_format: 'gif', megapixels: 1 } });
    expect(flux.status).toBe(422);
    const fluxDetail = ((await flux.json()) as { detail: string }).detail;
    expect(fluxDetail).toContain('input.aspect_ratio must be one of the following: "1:1"');
    expect(fluxDetail).toContain('input.output_format must be one of the following: "webp", "jpg", "png"');
    expect(fluxDetail).toContain('input.megapixels: Invalid type. Expected: string, given: integer');

    const wan = await post(standIn, '/models/wan-video/wan-2.2-i2v-fast/predictions', { input: { prompt: 'Hi', image: 'not a url', resolution: '1080p', frames_per_second: 31 } });
    const wanDetail = ((await wan.json()) as { detail: string }).detail;
    expect(wanDetail).toContain("input.image: Does not match format 'uri'");
    expect(wanDetail).toContain('input.resolution must be one of the following: "480p", "720p"');
    expect(wanDetail).toContain('input.frames_per_second: Must be less than or equal to 30');

    const speech = await post(standIn, '/models/minimax/speech-02-hd/predictions', { input: { text: 'Hi', sample_rate: 12345, emotion: 'bored' } });
    const speechDetail = ((await speech.json()) as { detail: string }).detail;
    expect(speechDetail).toContain('input.sample_rate must be one of the following: 8000, 16000, 22050, 24000, 32000, 44100');
    expect(speechDetail).toContain('input.emotion must be one of the following');

    const latentSync = await post(standIn, `/predictions`, { version: versionId('bytedance/latentsync'), input: { video: 'https://example.com/a.mp4', guidance_scale: 11 } });
    expect(((await latentSync.json()) as { detail: string }).detail).toContain('input.guidance_scale: Must be less than or equal to 10');
    expect(Object.keys(MODELS['bytedance/latentsync'].schema.Input.properties)).toEqual(['video', 'audio', 'guidance_scale', 'seed']);
  });

  it("refuses volume 0 in MiniMax's model (its own range is (0, 10]) though Replicate's schema takes it", async () => {
    const silent = await replicate.predictions.create({ model: 'minimax/speech-02-hd', input: { text: 'Silence.', volume: 0 }, wait: 10 });
    expect(silent).toMatchObject({ status: 'failed', error: 'invalid params, vol must be in (0, 10], got 0' });
    expect((await replicate.predictions.create({ model: 'minimax/speech-02-hd', input: { text: 'Quiet.', volume: 0.1 }, wait: 10 })).status).toBe('succeeded');
  });

  it("returns Wan's real sizes: 832x480 for a landscape picture, 480x832 for a portrait, 1280x720 at 720p", async () => {
    const sizes: Array<[number, number]> = [];
    for (const [width, height, resolution] of [[960, 540, '480p'], [640, 720, '480p'], [960, 540, '720p']] as const) {
      const prediction = await replicate.predictions.create({ model: 'wan-video/wan-2.2-i2v-fast', input: { prompt: 'A person', image: pictureUri(width, height), resolution }, wait: 30 });
      expect(prediction.status).toBe('succeeded');
      sizes.push(videoSize(Buffer.from(await (await fetch(prediction.output as string)).arrayBuffer())));
    }
    expect(sizes).toEqual([[832, 480], [480, 832], [1280, 720]]);
  });

  it('deletes outputs when their lifetime is over', async () => {
    const prediction = await replicate.predictions.create({ model: 'minimax/speech-02-turbo', input: { text: 'Short lived.' }, wait: 10 });
    expect((await fetch(prediction.output as string)).status).toBe(200);

    await waitFor(async () => (await fetch(prediction.output as string)).status === 404);
    expect(await replicate.predictions.get(prediction.id)).toMatchObject({ status: 'succeeded', data_removed: true, output: null });
  });

  it('clones a voice from a 12 s MP3 (minimax/voice-cloning) that the speech model then speaks, until 7 days unused delete it', async () => {
    const cloned = await replicate.predictions.create({ model: 'minimax/voice-cloning', input: { voice_file: toneMp3Uri(12), model: 'speech-02-hd' }, wait: 20 });
    expect(cloned).toMatchObject({ status: 'succeeded', output: { model: 'speech-02-hd', voice_id: expect.stringMatching(/^R8_[A-Z0-9]{8}$/) } });
    const voiceId = (cloned.output as { voice_id: string }).voice_id;
    expect((await fetch((cloned.output as { preview: string }).preview)).headers.get('content-type')).toBe('audio/mpeg');

    const spoken = await replicate.predictions.create({ model: 'minimax/speech-02-hd', input: { text: 'In my own voice.', voice_id: voiceId }, wait: 10 });
    expect(spoken.status).toBe('succeeded');

    standIn.clonedVoices.setUnusedFor(voiceId, 7 * 24 * 60 * 60 * 1000);
    const forgotten = await replicate.predictions.create({ model: 'minimax/speech-02-hd', input: { text: 'Still there?', voice_id: voiceId }, wait: 10 });
    expect(forgotten).toMatchObject({ status: 'failed', error: `invalid params, voice id not exist: ${voiceId}` });
  });

  it('refuses what minimax/voice-cloning refuses: no voice_file or an unknown model (422), a picture, a 5 s or a 6 min sample (failed)', async () => {
    const invalid = await post(standIn, '/models/minimax/voice-cloning/predictions', { input: { model: 'speech-01-hd', accuracy: 2 } });
    expect(invalid.status).toBe(422);
    const detail = ((await invalid.json()) as { detail: string }).detail;
    expect(detail).toContain('voice_file is required');
    expect(detail).toContain('input.model must be one of the following: "speech-02-hd", "speech-02-turbo"');
    expect(detail).toContain('input.accuracy: Must be less than or equal to 1');

    const refusals = [];
    for (const voiceFile of [pictureUri(16, 16), toneMp3Uri(5), toneMp3Uri(301)]) {
      const prediction = await replicate.predictions.create({ model: 'minimax/voice-cloning', input: { voice_file: voiceFile }, wait: 20 });
      refusals.push([prediction.status, prediction.error]);
    }
    expect(refusals).toEqual([
      ['failed', 'voice clone failed: the voice file must be MP3, M4A or WAV audio'],
      ['failed', expect.stringMatching(/^voice clone failed: the voice file is 5\.\d+s long; at least 10s is needed$/)],
      ['failed', expect.stringMatching(/^voice clone failed: the voice file is 30\d\.\d+s long; at most 5 minutes is taken$/)],
    ]);
  });
});
