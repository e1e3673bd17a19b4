import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/** The wizard's generation calls over HTTP, on the embedded engine (no provider keys). */
test.describe('generation API', () => {
  test('lists the built-in actors, the voices and the landing samples, whose media play', async ({ request }) => {
    const actors = await (await request.get('/api/actors')).json();
    expect(actors).toHaveLength(14);
    const clip = await request.get(actors[0].url);
    expect(clip.status()).toBe(200);
    expect(clip.headers()['content-type']).toBe('video/mp4');
    expect((await request.get(actors[0].thumbnail)).headers()['content-type']).toBe('image/jpeg');
    expect(await (await request.get('/api/replicate/voices')).json()).toContain('Friendly_Person');
    const samples = await (await request.get('/api/samples')).json();
    expect(samples.hero).toHaveLength(3);
    expect(samples.examples).toHaveLength(2);
    expect((await request.get(samples.hero[0].url)).status()).toBe(200);
  });

  test('needs a signed-in user to make audio or video', async ({ request }) => {
    expect((await request.post('/api/replicate/audio', { data: { text: 'Hi', voice_id: 'Friendly_Person' } })).status()).toBe(401);
    expect((await request.post('/api/replicate/lipsync', { data: { video: 'x', audio: 'y' } })).status()).toBe(401);
  });

  test('audio, then a lip-sync answered 200 or 202 and rejoined, streamed progress, and the same request never charged twice', async ({ page }) => {
    await signIn(page, `gen${Date.now().toString(36)}`);
    const api = page.request;
    const [actor] = await (await api.get('/api/actors')).json();

    const empty = await api.post('/api/replicate/audio', { data: { text: '  ', voice_id: 'Friendly_Person' } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).message).toBe('Please enter dialogue text');

    const audioResponse = await api.post('/api/replicate/audio', { data: { text: 'Hello from the offline engine!', voice_id: 'Friendly_Person', emotion: 'happy', pitch: 0, speed: 1 } });
    expect(audioResponse.status()).toBe(200);
    const { url: audioUrl } = await audioResponse.json();
    const audioFile = await api.get(audioUrl);
    expect(audioFile.headers()['content-type']).toBe('audio/mpeg');

    const foreign = await api.post('/api/replicate/lipsync', { data: { video: 'https://example.com/a.mp4', audio: audioUrl } });
    expect(foreign.status()).toBe(400);

    // The spec's protocol: 202 with the prediction id while running, the same request again rejoins it.
    let answer = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio: audioUrl, videoDuration: actor.duration } });
    const predictionIds = new Set<string>();
    for (let attempt = 0; answer.status() === 202 && attempt < 5; attempt++) {
      predictionIds.add((await answer.json()).predictionId);
      answer = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio: audioUrl } });
    }
    expect(answer.status()).toBe(200);
    const { url, predictionId } = await answer.json();
    expect(predictionIds.size <= 1 && (predictionIds.size === 0 || predictionIds.has(predictionId))).toBe(true);
    const video = await api.get(url);
    expect(video.headers()['content-type']).toBe('video/mp4');
    expect((await video.body()).length).toBeGreaterThan(10_000);

    const job = await (await api.get(`/api/jobs/${predictionId}`)).json();
    expect(job).toMatchObject({ id: predictionId, status: 'succeeded', progress: 100, url });
    const events = await api.get(`/api/jobs/${predictionId}/events`);
    expect(events.headers()['content-type']).toContain('text/event-stream');
    expect(await events.text()).toContain('"status":"succeeded"');

    const again = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio: audioUrl } });
    expect((await again.json()).predictionId).toBe(predictionId);
    expect((await (await api.get('/api/auth/user')).json()).generationsCount).toBe(1);
    const projects = await (await api.get('/api/projects')).json();
    expect(projects[0]).toMatchObject({ audioUrl, outputUrl: url });

    const script = await api.post('/api/openai/generate-script', { data: { topic: 'Three quick tips for better sleep', maxDuration: 15 } });
    expect(script.status()).toBe(200);
    expect((await script.json()).script).toMatch(/sleep/i);

    expect((await api.get('/api/jobs/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
    expect((await api.get('/api/jobs/not-a-job')).status()).toBe(404);
  });
});
