import { randomUUID } from 'node:crypto';
import type { InfluencerProject } from '@lipcast/contracts';
import { startInfluencerTestBed, type InfluencerTestBed } from './testing';

jest.setTimeout(90_000);

/** Influencers are private to their creator; only an explicit publish with consent and a name shows them to everyone, and unpublish withdraws them at once. */
describe('publishing an influencer to the community gallery', () => {
  let bed: InfluencerTestBed;

  const signedIn = (userId: string) => bed.signedIn(userId);

  async function call(method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${bed.base}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), origin: bed.base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), prefer: 'respond-async' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  }

  /** A portrait and its clip, made as the Creator makes them. */
  async function influencerWithClip(cookie: string): Promise<number> {
    const image = (await call('POST', '/api/ai-influencer/image', cookie, { prompt: 'a kind gardener among tomato plants', size: '640x720' })).body as { id: number; url: string };
    const job = (await call('POST', `/api/ai-influencer/video?projectId=${image.id}`, cookie, { image: image.url })).body as { predictionId: string };
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const state = (await call('GET', `/api/jobs/${job.predictionId}`, cookie)).body as { status: string };
      if (state.status === 'succeeded') return image.id;
      if (['failed', 'canceled'].includes(state.status)) throw new Error(`the clip ended ${state.status}`);
    }
    throw new Error('the clip did not finish');
  }

  const signedOutGallery = async () => (await call('GET', '/api/ai-influencer/gallery', null)).body as InfluencerProject[];

  beforeAll(async () => {
    bed = await startInfluencerTestBed();
  });

  afterAll(async () => {
    await bed?.close();
  });

  it("a new user's influencer is not in the signed-out gallery until published with consent, and disappears on unpublish", async () => {
    const cookie = await signedIn(randomUUID());
    const id = await influencerWithClip(cookie);
    const publicClip = `/api/media/community/${id}/video-v1.mp4`;
    expect((await signedOutGallery()).some((item) => item.id === id)).toBe(false);
    expect((await call('GET', publicClip, null)).status).toBe(404);

    // No consent, no name, or the spec's approve without consent: refused, nothing shown.
    expect(await call('POST', `/api/ai-influencer/projects/${id}/publish`, cookie, { name: 'Gardener Gil' })).toMatchObject({ status: 400, body: { message: 'Publishing needs your consent: tick the box to confirm.' } });
    expect(await call('POST', `/api/ai-influencer/projects/${id}/publish`, cookie, { consent: true })).toMatchObject({ status: 400, body: { message: 'Give your influencer a name to publish it.' } });
    expect(await call('POST', `/api/ai-influencer/projects/${id}/approve`, cookie, { approved: true })).toMatchObject({ status: 400 });
    expect(await call('POST', `/api/ai-influencer/projects/${id}/approve`, cookie)).toMatchObject({ status: 400 });
    // Nobody but the owner publishes it, signed out or as someone else.
    expect((await call('POST', `/api/ai-influencer/projects/${id}/publish`, null, { consent: true, name: 'Gardener Gil' })).status).toBe(401);
    expect((await call('POST', `/api/ai-influencer/projects/${id}/publish`, await signedIn(randomUUID()), { consent: true, name: 'Gardener Gil' })).status).toBe(404);
    expect((await signedOutGallery()).some((item) => item.id === id)).toBe(false);

    expect(await call('POST', `/api/ai-influencer/projects/${id}/publish`, cookie, { consent: true, name: 'Gardener Gil' })).toMatchObject({ status: 200, body: { isApproved: true, name: 'Gardener Gil' } });
    expect((await signedOutGallery()).find((item) => item.id === id)).toMatchObject({ name: 'Gardener Gil', outputUrl: publicClip, isOwner: false });
    expect((await call('GET', publicClip, null)).status).toBe(200);

    expect(await call('POST', `/api/ai-influencer/projects/${id}/unpublish`, cookie)).toMatchObject({ status: 200, body: { isApproved: false } });
    expect((await signedOutGallery()).some((item) => item.id === id)).toBe(false);
    expect((await call('GET', publicClip, null)).status).toBe(404);
    // The owner still has it, private.
    expect((await call('GET', `/api/ai-influencer/projects/${id}`, cookie)).body).toMatchObject({ id, isApproved: false });
  });

  it('anyone may report a published item, signed out too; a bad report is refused; one address counts once and alone hides nothing', async () => {
    const cookie = await signedIn(randomUUID());
    const id = await influencerWithClip(cookie);
    const report = (body: unknown) => call('POST', `/api/ai-influencer/gallery/${id}/report`, null, body);
    expect(await report({ reason: 'likeness' })).toMatchObject({ status: 404 }); // not published
    expect((await call('POST', `/api/ai-influencer/projects/${id}/publish`, cookie, { consent: true, name: 'Reported Rita' })).status).toBe(200);
    expect(await report({ reason: 'nonsense' })).toMatchObject({ status: 400, body: { message: 'Please choose a reason.' } });
    expect(await report({ reason: 'likeness', contact: 'x'.repeat(201) })).toMatchObject({ status: 400 });
    expect((await call('POST', '/api/ai-influencer/gallery/999999999/report', null, { reason: 'other' })).status).toBe(404);

    // Signed out, three times from one address: one report of 1/3 (the weights: admin.int-spec.ts).
    for (let time = 0; time < 3; time++) expect(await report({ reason: 'likeness', contact: 'worried@example.com' })).toEqual({ status: 200, body: { reported: true } });
    expect((await signedOutGallery()).some((item) => item.id === id)).toBe(true);
    const weights = await bed.database.query<{ weight_thirds: number }>('select weight_thirds from generation.influencer_report where project_id = $1', [id]);
    expect(weights.rows).toEqual([{ weight_thirds: 1 }]);
  });
});
