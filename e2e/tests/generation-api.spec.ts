import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/** The wizard's generation calls over HTTP, on the embedded engine (no provider keys); One Shot's: influencer.spec.ts. */
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

  test('audio, then a lip-sync answered 202 and asked again until 200 (one job), streamed progress, and never charged twice', async ({ page }) => {
    await signIn(page, `gen${Date.now().toString(36)}`);
    const api = page.request;
    const [actor] = await (await api.get('/api/actors')).json();

    const empty = await api.post('/api/replicate/audio', { data: { text: '  ', voice_id: 'Friendly_Person' } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).message).toBe('Please enter dialogue text');

    const text = 'Hello from the offline engine! This line is long enough that the video takes a moment to make, so the first answer is 202.';
    const audioResponse = await api.post('/api/replicate/audio', { data: { text, voice_id: 'Friendly_Person', emotion: 'happy', pitch: 0, speed: 1 } });
    expect(audioResponse.status()).toBe(200);
    const { url: audioUrl } = await audioResponse.json();
    const audioFile = await api.get(audioUrl);
    expect(audioFile.headers()['content-type']).toBe('audio/mpeg');

    const foreign = await api.post('/api/replicate/lipsync', { data: { video: 'https://example.com/a.mp4', audio: audioUrl } });
    expect(foreign.status()).toBe(400);

    // The spec's protocol (the stack holds requests 0.3 s): 202 with the prediction id while running;
    // the same request again rejoins the same job until it answers 200 with the url.
    let answer = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio: audioUrl, videoDuration: actor.duration } });
    expect(answer.status()).toBe(202);
    const first = await answer.json();
    expect(first).toMatchObject({ predictionId: expect.any(String), status: 'processing' });
    for (let attempt = 0; answer.status() === 202 && attempt < 40; attempt++) {
      expect((await answer.json()).predictionId).toBe(first.predictionId);
      answer = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio: audioUrl } });
    }
    expect(answer.status()).toBe(200);
    const { url, predictionId } = await answer.json();
    expect(predictionId).toBe(first.predictionId);
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

  test('the Creator: a portrait, its clip, an uploaded picture, approval into the public gallery', async ({ page, request }) => {
    await signIn(page, `creator${Date.now().toString(36)}`);
    const api = page.request;
    const short = await api.post('/api/ai-influencer/image', { data: { prompt: 'abc', size: '640x720' } });
    expect(short.status()).toBe(400);
    expect((await short.json()).message).toBe('Prompt must be at least 5 characters.');

    const image = await (await api.post('/api/ai-influencer/image', { data: { prompt: 'a smiling chef with glasses in a kitchen', size: '640x720' } })).json();
    expect(image).toMatchObject({ id: expect.any(Number), url: expect.stringMatching(/\/image\.jpg$/) });
    const video = await api.post(`/api/ai-influencer/video?projectId=${image.id}`, { data: { image: image.url, prompt: 'person speaking to camera' } });
    expect(video.status()).toBe(200);
    const { url } = await video.json();
    expect((await api.get(url)).headers()['content-type']).toBe('video/mp4');

    expect((await api.post(`/api/ai-influencer/projects/${image.id}/approve`, { data: { approved: true } })).status()).toBe(400); // no consent
    expect((await api.post(`/api/ai-influencer/projects/${image.id}/publish`, { data: { consent: true, name: 'Chef Cleo' } })).status()).toBe(200);
    const gallery = await (await request.get('/api/ai-influencer/gallery')).json();
    const listed = gallery.find((item: { id: number }) => item.id === image.id);
    expect(listed).toMatchObject({ isApproved: true, name: 'Chef Cleo', isOwner: false, duration: expect.any(Number) });
    expect((await request.get(listed.outputUrl)).status()).toBe(200); // public copy, readable signed out

    // Uploads are checked by content and size before anything is stored.
    const picture = Buffer.from(await (await api.get(image.url)).body());
    const notPicture = await api.post('/api/ai-influencer/video', { data: { image: `data:image/png;base64,${Buffer.from('<html></html>').toString('base64')}`, consent: true } });
    expect(notPicture.status()).toBe(400);
    expect((await notPicture.json()).message).toBe('This file is not a picture we can use. Please upload a JPEG, PNG or WebP image.');
    const huge = await api.post('/api/ai-influencer/video', { data: { image: `data:image/jpeg;base64,${Buffer.concat([picture, Buffer.alloc(10 * 1024 * 1024)]).toString('base64')}`, consent: true } });
    expect(huge.status()).toBe(400);
    expect((await huge.json()).message).toBe('The image is larger than 10 MB. Please choose a smaller picture.');
    const uploaded = await api.post('/api/ai-influencer/video', { data: { image: `data:image/jpeg;base64,${picture.toString('base64')}`, prompt: 'waving', consent: true } });
    expect(uploaded.status()).toBe(200);
    const projects = await (await api.get('/api/ai-influencer/projects')).json();
    expect(projects.map((project: { imageKind: string }) => project.imageKind).sort()).toEqual(['illustration', 'upload']);

    expect((await api.delete(`/api/ai-influencer/projects/${image.id}`)).status()).toBe(200);
    expect((await (await request.get('/api/ai-influencer/gallery')).json()).some((item: { id: number }) => item.id === image.id)).toBe(false);
  });

});
