/* eslint-disable @nx/enforce-module-boundaries -- this one test wires the real services into the gateway's process */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import Stripe from 'stripe';
import { Messages, SERVICE_NAMES, type ServiceName } from '@lipcast/contracts';
import { bootstrapService, readEnv, runMigrations, StorageService, type OpsListener, type ServiceDefinition } from '@lipcast/nest-kit';
import { authService } from '../../services/auth/src/service';
import { billingService } from '../../services/billing/src/service';
import { contentService } from '../../services/content/src/service';
import { generationService } from '../../services/generation/src/service';
import { createGateway } from '../../gateway/src/create-app';
import { ormConfig } from '../../gateway/src/mikro-orm.config';
import { startGatewayOps } from '../../gateway/src/health/readiness';
import { HEAD_MARKER } from '../../gateway/src/web/page-head';
import { GatewaySettings } from '../../gateway/src/settings';

const webRoot = mkdtempSync(join(tmpdir(), 'lipcast-gateway-'));
const settings = readEnv(GatewaySettings, { ...process.env, WEB_ROOT: webRoot, S3_BUCKET: process.env.S3_BUCKET ?? 'lipcast-test' });

const SERVICES: Record<ServiceName, ServiceDefinition> = {
  auth: authService,
  generation: generationService,
  billing: billingService,
  content: contentService,
};

const SHELL_HTML = `<!doctype html><html><head>${HEAD_MARKER}<link rel="icon" href="/favicon.ico"></head><body><div id="root"></div></body></html>`;
const SLUG_PREFIX = `gateway-int-${Date.now()}`;
const MEDIA_BYTES = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
const publicKey = `public/tests/${SLUG_PREFIX}.bin`;
const privateKey = `users/u1/audio/${SLUG_PREFIX}.bin`;

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

describe('gateway over the real services', () => {
  const services = new Map<ServiceName, INestMicroservice>();
  const storage = new StorageService(settings);
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  let gateway: INestApplication;
  let base: string;
  let ops: OpsListener;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

  beforeAll(async () => {
    mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell/dist/index.html'), SHELL_HTML);
    mkdirSync(join(webRoot, 'mfe-content/dist'), { recursive: true });
    writeFileSync(join(webRoot, 'mfe-content/dist/mf-manifest.json'), '{"name":"mfe_content"}');

    for (const name of SERVICE_NAMES) await runMigrations(SERVICES[name].ormConfig(settings.DATABASE_URL));
    await runMigrations(ormConfig(settings.DATABASE_URL));
    for (const name of SERVICE_NAMES) services.set(name, await bootstrapService(SERVICES[name].module(readEnv(SERVICES[name].settings)), name, settings.NATS_URL));

    // Only this test's posts: the seeded guides would change the counts.
    await database.query('delete from content.blog_post');
    await database.query(
      `insert into content.blog_post (title, slug, excerpt, body, author, published_at, created_at) values
        ('Oldest', $1 || '-oldest', 'One', 'Body', 'Lipcast team', now() - interval '3 days', now() - interval '4 days'),
        ('Middle', $1 || '-middle', 'Two', 'Body', null, now() - interval '2 days', now() - interval '4 days'),
        ('Newest', $1 || '-newest', 'Three', 'Body', null, now() - interval '1 day', now() - interval '4 days'),
        ('Draft', $1 || '-draft', 'Four', 'Body', null, null, now()),
        ('Scheduled', $1 || '-scheduled', 'Five', 'Body', null, now() + interval '1 day', now())`,
      [SLUG_PREFIX],
    );

    gateway = await createGateway(settings);
    base = await listen(gateway);
    ops = await startGatewayOps(gateway, { ...settings, OPS_PORT: 0 } as GatewaySettings);
    await storage.put(publicKey, MEDIA_BYTES, 'application/octet-stream');
    await storage.put(privateKey, MEDIA_BYTES, 'audio/mpeg');
  });

  afterAll(async () => {
    await ops?.close();
    await gateway?.close();
    await Promise.all([...services.values()].map((service) => service.close()));
    await database.query(`delete from content.blog_post where slug like $1 || '-%'`, [SLUG_PREFIX]);
    await database.end();
    await storage.remove(publicKey);
    await storage.remove(privateKey);
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('is ready when its own PostgreSQL and NATS answer; operators see the object store and every service', async () => {
    const response = await get('/api/ready');
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: 'ok', checks: { postgres: { status: 'up' }, nats: { status: 'up' } } });

    const status = await (await fetch(`${ops.url}/status`)).json();
    expect(status).toMatchObject({ process: 'gateway', ready: true, dependencies: { postgres: { ok: true }, nats: { ok: true }, objectStore: { ok: true, readiness: false } } });
    expect(Object.keys(status.services).sort()).toEqual(['auth', 'billing', 'content', 'generation']);
    expect(Object.values(status.services).every((service) => (service as { ok: boolean }).ok)).toBe(true);
  });

  it('lists published posts only, newest first, as an array with the pagination in headers', async () => {
    const response = await get('/api/blog/posts?published=true&page=1&pageSize=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(response.headers.get('x-page')).toBe('1');
    expect(response.headers.get('x-page-size')).toBe('2');
    // A public read: kept by the gateway and by browsers for PUBLIC_READ_CACHE_SECONDS (5 by default).
    expect(response.headers.get('cache-control')).toBe('public, max-age=5');
    const posts = await response.json();
    expect(posts.map((post: { title: string }) => post.title)).toEqual(['Newest', 'Middle']);
    expect(Object.keys(posts[0]).sort()).toEqual(['author', 'createdAt', 'excerpt', 'featuredImage', 'id', 'publishedAt', 'slug', 'title']);

    const second = await (await get('/api/blog/posts?published=true&page=2&pageSize=2')).json();
    expect(second.map((post: { title: string }) => post.title)).toEqual(['Oldest']);
    expect(second[0].author).toBe('Lipcast team');
  });

  it('refuses bad page numbers with a 400 and the field message', async () => {
    const response = await get('/api/blog/posts?page=0');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('page must be 1 or more');
    expect((await get('/api/blog/posts?pageSize=51')).status).toBe(400);
  });

  it('lists the two seeded plans', async () => {
    const response = await get('/api/stripe/plans');
    expect(response.status).toBe(200);
    const plans = await response.json();
    expect(plans.map(({ name, price, interval, generationsLimit, stripePriceId }: Record<string, unknown>) => ({ name, price, interval, generationsLimit, stripePriceId }))).toEqual([
      { name: 'Premium', price: 2900, interval: 'month', generationsLimit: 60, stripePriceId: expect.stringMatching(/^price_/) },
      { name: 'Extra Generations', price: 2000, interval: 'once', generationsLimit: 15, stripePriceId: expect.stringMatching(/^price_/) },
    ]);
  });

  it('takes Stripe webhooks from anywhere, verifies the exact bytes, and applies an event once', async () => {
    // Pretty-printed on purpose: a gateway that re-serialised the parsed JSON would break the signature.
    const payload = JSON.stringify({ id: `evt_gateway_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } }, null, 2);
    const post = (signature: string | null) =>
      fetch(`${base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', origin: 'https://api.stripe.com', ...(signature ? { 'stripe-signature': signature } : {}) },
        body: payload,
      });
    const sign = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

    const forged = await post(sign('whsec_forged'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'Invalid Stripe signature' });
    expect((await post(null)).status).toBe(400);

    const signed = await post(sign(process.env.STRIPE_WEBHOOK_SECRET!));
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ received: true, duplicate: false });
    expect(await (await post(sign(process.env.STRIPE_WEBHOOK_SECRET!))).json()).toEqual({ received: true, duplicate: true });
  });

  it('tells the browser how to pay', async () => {
    expect(await (await get('/api/stripe/config')).json()).toEqual({ publishableKey: null, checkout: 'hosted' });
  });

  it('keeps a sane request id from the caller and replaces an unsafe one', async () => {
    expect((await get('/api/health', { 'x-request-id': 'trace-123' })).headers.get('x-request-id')).toBe('trace-123');
    expect((await get('/api/health', { 'x-request-id': 'a b <c>' })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('streams exactly the requested bytes of a media object', async () => {
    const response = await get(`/api/media/${publicKey}`, { range: 'bytes=10-19' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 10-19/256');
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(MEDIA_BYTES.subarray(10, 20));

    const whole = await get(`/api/media/${publicKey}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(MEDIA_BYTES);

    const unsatisfiable = await get(`/api/media/${publicKey}`, { range: 'bytes=300-' });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */256');
  });

  it('hides private and missing media behind the same 404, and refuses invalid keys', async () => {
    const hidden = await get(`/api/media/${privateKey}`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ message: 'Not found' });
    expect((await get('/api/media/public/tests/no-such-file.bin')).status).toBe(404);
    expect((await get('/api/media/public/a%20b.bin')).status).toBe(400);
  });

  it('answers unknown API paths with JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${base}/api/no-such-thing`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('closes every API route the router knows to signed-out visitors, except the public ones', async () => {
    // The routes come from the router itself, so a new route is covered the day it is added; a
    // route that should be public must say @Public() and be listed here on purpose.
    const PUBLIC = [
      'GET /api/health', 'GET /api/ready', 'GET /api/blog/posts', 'GET /api/blog/posts/:slug', 'POST /api/newsletter',
      'GET /api/stripe/plans', 'GET /api/stripe/config', 'POST /api/stripe/webhook', 'POST /api/replicate/webhook',
      'GET /api/media/*key', 'GET /api/login', 'GET /api/callback', 'GET /api/logout', 'POST /api/logout',
      'GET /api/actors', 'GET /api/samples', 'GET /api/replicate/voices', 'GET /api/ai-influencer/gallery',
      // Anyone may report a gallery item (a likeness misused), signed in or not.
      'POST /api/ai-influencer/gallery/:id/report',
      // A voice is heard before it is chosen, also on the way to signing up.
      'GET /api/voices/:voiceId/sample',
      // The newsletter mails' links: whoever holds the mail's token, signed in or not.
      'GET /api/newsletter/confirm', 'POST /api/newsletter/confirm', 'GET /api/newsletter/unsubscribe', 'POST /api/newsletter/unsubscribe',
    ];
    const express = gateway.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
    const routes = express.router.stack
      .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`) : []))
      // The documents (/api/docs, the public API's /api/v1/docs) are open to anyone.
      .filter((route) => route.includes(' /api/') && !/ \/api\/(v1\/)?docs/.test(route));
    expect(routes).toEqual(expect.arrayContaining(PUBLIC));
    const closed = routes.filter((route) => !PUBLIC.includes(route));
    expect(closed).toContain('GET /api/auth/user');
    for (const route of closed) {
      const [method, path] = route.split(' ');
      const response = await fetch(`${base}${path.replace(/[:*]\w+/g, 'x')}`, { method });
      expect([route, response.status]).toEqual([route, 401]);
    }
  });

  it('serves the OpenAPI docs, with the query parameters of the blog list', async () => {
    expect((await get('/api/docs')).status).toBe(200);
    const document = await (await get('/api/docs-json')).json();
    const parameters = document.paths['/api/blog/posts'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters.sort()).toEqual(['page', 'pageSize', 'published']);
  });

  it("writes each page's metadata into the shell's HTML", async () => {
    const response = await get('/blog');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<title>Blog | Lipcast</title>');
    expect(html).toContain('<meta property="og:title" content="Blog | Lipcast">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain(HEAD_MARKER);
  });

  it('sends the security headers on API answers and on pages', async () => {
    for (const path of ['/api/health', '/api/blog/posts?published=true', '/blog', '/nope', '/remotes.json']) {
      const response = await get(path);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect([path, policy]).toEqual([path, expect.stringContaining("default-src 'self'")]);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      // Payments are hosted in this test (no publishable key): Stripe.js is not allowed.
      expect(policy).not.toContain('stripe.com');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // Plain http: no HSTS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers unknown pages with the shell and a 404 status', async () => {
    const response = await get('/nope');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<title>404 Page Not Found | Lipcast</title>');
  });

  it('serves the remote manifest and the remotes with CORS, missing remote files as plain 404', async () => {
    const manifest = await get('/remotes.json');
    expect(await manifest.json()).toMatchObject({ mfe_content: '/remotes/mfe-content/mf-manifest.json' });
    const remote = await get('/remotes/mfe-content/mf-manifest.json');
    expect(remote.status).toBe(200);
    expect(remote.headers.get('access-control-allow-origin')).toBe('*');
    const missing = await get('/remotes/mfe-content/remoteEntry.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
  });

  it('keeps serving when one service stops: only its endpoints fail, with 503 JSON', async () => {
    await services.get('content')!.close();
    services.delete('content');

    const started = Date.now();
    // A page not read before: a public read kept from before the stop would still be served, as it should.
    const posts = await get('/api/blog/posts?published=true&page=7');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(posts.status).toBe(503);
    // The subject nobody answered on stays in the log.
    const unanswered = await posts.text();
    expect(JSON.parse(unanswered)).toEqual({ message: Messages.serviceUnavailable });
    expect(unanswered).not.toContain('content.');

    expect((await get('/api/stripe/plans')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
    // The gateway stays in the load balancer: one service down is not the whole site down.
    const ready = await get('/api/ready');
    expect(ready.status).toBe(200);
    expect(JSON.stringify(await ready.json())).not.toContain('content');
    // Operators see which service is down, and why.
    const { services: pings } = await (await fetch(`${ops.url}/status`)).json();
    expect(pings.content).toMatchObject({ ok: false, error: expect.stringContaining('content.health.ping.v1') });
    expect(pings.billing).toMatchObject({ ok: true });
  });
});

describe('gateway readiness when PostgreSQL is unreachable', () => {
  const OPS_TOKEN = 'ops-token-for-the-gateway-test';
  const unreachable = readEnv(GatewaySettings, {
    ...process.env,
    WEB_ROOT: webRoot,
    S3_BUCKET: settings.S3_BUCKET,
    DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/lipcast_unreachable',
    RATE_LIMIT_STORE: 'memory',
    OPS_PORT: '0',
    OPS_TOKEN,
  });
  let gateway: INestApplication;
  let base: string;
  let ops: OpsListener;

  beforeAll(async () => {
    gateway = await createGateway(unreachable);
    base = await listen(gateway);
    ops = await startGatewayOps(gateway, unreachable);
  });
  afterAll(async () => {
    await ops?.close();
    await gateway?.close();
  });

  it('answers 503 saying only which checks are down; the error text is for operators', async () => {
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: 'unavailable', checks: { postgres: { status: 'down' }, nats: { status: 'up' } } });
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|timeout|lipcast_unreachable/i);

    expect((await fetch(`${ops.url}/status`)).status).toBe(401);
    const status = await (await fetch(`${ops.url}/status`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).json();
    expect(status).toMatchObject({ process: 'gateway', ready: false, dependencies: { postgres: { ok: false, error: expect.stringMatching(/ECONNREFUSED|connect/) } } });
    const readyz = await fetch(`${ops.url}/readyz`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(readyz.status).toBe(503);
  });

  it('has no operator route on the public origin', async () => {
    for (const path of ['/api/ops/status', '/status', '/readyz']) {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(await response.text()).not.toContain('ECONNREFUSED');
    }
  });
});

describe('gateway rate limit', () => {
  let gateway: INestApplication;
  let base: string;

  beforeAll(async () => {
    gateway = await createGateway(readEnv(GatewaySettings, { ...process.env, WEB_ROOT: webRoot, S3_BUCKET: settings.S3_BUCKET, RATE_LIMIT_PER_MINUTE: '3', SIGN_IN_RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_STORE: 'memory' }));
    base = await listen(gateway);
  });
  afterAll(() => gateway.close());

  it('answers 429 with the spec message past the limit, but never for health and readiness', async () => {
    const statuses = [];
    for (let request = 0; request < 4; request++) statuses.push((await fetch(`${base}/api/blog/posts?page=0`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(await (await fetch(`${base}/api/blog/posts`)).json()).toEqual({ message: Messages.rateLimited });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('limits sign-in attempts on their own, lower limit', async () => {
    const statuses = [];
    for (let request = 0; request < 3; request++) statuses.push((await fetch(`${base}/api/login`, { redirect: 'manual' })).status);
    // No issuer is configured in this test: an allowed attempt answers 503, the third is refused.
    expect(statuses).toEqual([503, 503, 429]);
    expect(await (await fetch(`${base}/api/login`, { redirect: 'manual' })).json()).toEqual({ message: Messages.rateLimited });
  });
});
