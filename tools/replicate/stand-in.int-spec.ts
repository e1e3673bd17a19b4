import Replicate from 'replicate';
import { versionId } from './models.ts';
import { startReplicateStandIn, type ReplicateStandIn } from './stand-in.ts';
import { pollUntil as waitFor } from '../lib/poll.ts';

const TOKEN = 'r8_stand_in_own_tests';


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
    });
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

  it('deletes outputs when their lifetime is over', async () => {
    const prediction = await replicate.predictions.create({ model: 'minimax/speech-02-turbo', input: { text: 'Short lived.' }, wait: 10 });
    expect((await fetch(prediction.output as string)).status).toBe(200);

    await waitFor(async () => (await fetch(prediction.output as string)).status === 404);
    expect(await replicate.predictions.get(prediction.id)).toMatchObject({ status: 'succeeded', data_removed: true, output: null });
  });
});
