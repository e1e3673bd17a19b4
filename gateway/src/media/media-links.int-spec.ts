import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { samplePosterKey } from '@lipcast/contracts';
import { MediaLinks, readEnv, runMigrations, StorageService } from '@lipcast/nest-kit';
import { createGateway } from '../create-app';
import { ormConfig } from '../mikro-orm.config';
import { GatewaySettings } from '../settings';
import { signedInCookie } from '../session/testing';

const SESSION_SECRET = 'media-links-test-secret-of-32-characters!';
const webRoot = mkdtempSync(join(tmpdir(), 'lipcast-media-links-'));
// The store's public address is the embedded store itself, as `npm start` configures it.
const settings = readEnv(GatewaySettings, {
  ...process.env,
  WEB_ROOT: webRoot,
  S3_BUCKET: process.env.S3_BUCKET ?? 'lipcast-test',
  S3_PUBLIC_URL: process.env.S3_ENDPOINT,
  SESSION_SECRET,
});
const RUN = `media-links-${Date.now()}`;
const VIDEO = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
const ownerId = `${RUN}-owner`;
const privateKey = `users/${ownerId}/jobs/${RUN}/video.mp4`;
const captionsKey = `users/${ownerId}/jobs/${RUN}/captions.vtt`;
const CAPTIONS = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nHello\n\n';
const actorKey = `actors/${RUN}/idle-v1.mp4`;
const communityKey = `community/${Date.now() % 1_000_000}/video-v1.mp4`;
const posterKey = samplePosterKey(RUN, 'avif', 640);
// An AVIF's first bytes are enough: the store keeps the content type the seed step gives it.
const POSTER = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif')]);

describe('media through presigned links at the store (S3_PUBLIC_URL)', () => {
  const storage = new StorageService(settings);
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  let gateway: INestApplication;
  let base: string;
  let ownerCookie: string;
  let strangerCookie: string;
  /** The gateway's answer, without following its redirect. */
  const media = (key: string, cookie?: string, query = '') => fetch(`${base}/api/media/${key}${query}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    await runMigrations(ormConfig(settings.DATABASE_URL));
    gateway = await createGateway(settings);
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    for (const key of [privateKey, actorKey, communityKey]) await storage.put(key, VIDEO, 'video/mp4');
    await storage.put(posterKey, POSTER, 'image/avif');
    await storage.put(captionsKey, Buffer.from(CAPTIONS), 'text/vtt; charset=utf-8');
    ownerCookie = await signedInCookie(database, SESSION_SECRET, ownerId);
    strangerCookie = await signedInCookie(database, SESSION_SECRET, `${RUN}-stranger`);
  });

  afterAll(async () => {
    await gateway?.close();
    for (const key of [privateKey, actorKey, communityKey, posterKey, captionsKey]) await storage.remove(key);
    await database.end();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("redirects the owner to a presigned link at the store's public address, which serves the bytes and byte ranges", async () => {
    const answer = await media(privateKey, ownerCookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=600');
    const link = new URL(answer.headers.get('location')!);
    expect(link.origin).toBe(new URL(settings.S3_PUBLIC_URL!).origin);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const whole = await fetch(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(VIDEO);
    const range = await fetch(link, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(VIDEO.subarray(100, 200));
  });

  it('answers captions itself, not by a redirect (a <track> loads only from the page’s origin), to the owner only', async () => {
    const answer = await media(captionsKey, ownerCookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await answer.text()).toBe(CAPTIONS);
    expect((await media(captionsKey, strangerCookie)).status).not.toBe(200);
  });

  it('hands every reader the same link within a window, so caches keep one copy', async () => {
    const first = (await media(actorKey)).headers.get('location');
    const second = (await media(actorKey)).headers.get('location');
    expect(first).toMatch(/X-Amz-Signature=/);
    expect(second).toBe(first);
  });

  it('keeps community copies a minute and actors a day', async () => {
    const community = await media(communityKey);
    expect(community.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await fetch(community.headers.get('location')!)).headers.get('cache-control')).toBe('public, max-age=60');
    const actor = await media(actorKey);
    expect(actor.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(actor.headers.get('location')!)).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it("serves a sample's poster to anyone as an AVIF image, kept a day like the samples", async () => {
    const answer = await media(posterKey);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const stored = await fetch(answer.headers.get('location')!);
    expect([stored.headers.get('content-type'), stored.headers.get('cache-control')]).toEqual(['image/avif', 'public, max-age=86400']);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(POSTER);
  });

  it('checks ownership before any link is made: strangers and visitors get the same 404 as a missing object', async () => {
    expect((await media(privateKey, strangerCookie)).status).toBe(404);
    expect((await media(privateKey)).status).toBe(404);
    expect((await media(`users/${ownerId}/jobs/${RUN}/missing.mp4`, ownerCookie)).status).toBe(404);
  });

  it('names a download in the link, so it keeps its file name on the store origin; a bad name is refused', async () => {
    const answer = await media(privateKey, ownerCookie, '?download=lipsync-video-1.mp4');
    const stored = await fetch(answer.headers.get('location')!);
    expect(stored.headers.get('content-disposition')).toBe('attachment; filename="lipsync-video-1.mp4"');
    expect((await media(privateKey, ownerCookie, '?download=..%2Fevil"name')).status).toBe(400);
  });

  it('issues links that expire: the store refuses one past its expiry', async () => {
    const links = new MediaLinks({ ...settings, S3_PUBLIC_URL: settings.S3_PUBLIC_URL! });
    const expired = await links.readUrl(privateKey, { expirySeconds: 60, windowSeconds: 1, cacheControl: 'private', now: new Date(Date.now() - 120_000) });
    const answer = await fetch(expired);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Request has expired');
  });

  it("allows the store's origin for media and images in the Content-Security-Policy", async () => {
    const policy = (await fetch(`${base}/api/health`)).headers.get('content-security-policy')!;
    const origin = new URL(settings.S3_PUBLIC_URL!).origin;
    expect(policy).toContain(`media-src 'self' blob: ${origin}`);
    expect(policy).toMatch(new RegExp(`img-src [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));
  });
});
