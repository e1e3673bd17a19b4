/* eslint-disable @nx/enforce-module-boundaries -- this test wires the real services and the dev identity provider into the gateway's process */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import fc from 'fast-check';
import { API_KEY_SCOPES, ErrorCode, POSTS_MAX_PAGE, ROUTES, SERVICE_NAMES, Subjects, type ApiKeyScope, type ServiceName } from '@lipcast/contracts';
import { bootstrapService, readEnv, runMigrations, ServiceClient, type ServiceDefinition } from '@lipcast/nest-kit';
import { authService } from '../../services/auth/src/service';
import { billingService } from '../../services/billing/src/service';
import { contentService } from '../../services/content/src/service';
import { generationService } from '../../services/generation/src/service';
import { adminRoutes } from './admin/testing';
import { createGateway } from '../../gateway/src/create-app';
import { ormConfig as gatewayOrmConfig } from '../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../gateway/src/settings';
import { HEAD_MARKER } from '../../gateway/src/web/page-head';
import { Browser } from '../lib/browser';
import { freePort } from '../lib/infra';

/*
 * The whole back end in this process (gateway, the four services on the embedded media engine, real
 * PostgreSQL, NATS and S3), signed in through the dev identity provider as two users: A owns real
 * data, B has used up the free tier so nothing B asks for can queue a render.
 */

const SERVICES: Record<ServiceName, ServiceDefinition> = { auth: authService, generation: generationService, billing: billingService, content: contentService };
const CLIENT_ID = 'lipcast-fuzz';
const CLIENT_SECRET = 'fuzz-client-secret';
const FREE_GENERATIONS = 3;

/** The dev identity provider (an ES module with a CLI entry) as a child process; resolves with its issuer URL. */
async function startIdentityProvider(redirectUri: string): Promise<{ issuer: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['tools/oidc/dev-provider.ts', '--port', String(port), '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--redirect', redirectUri],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The dev identity provider exited with ${code}`)));
    child.stdout?.on('data', (data: Buffer) => {
      const found = /OIDC_ISSUER=(\S+)/.exec(data.toString());
      if (found) resolve(found[1]);
    });
  });
  return { issuer, child };
}

interface Stack {
  base: string;
  gateway: INestApplication;
  services: Map<ServiceName, INestMicroservice>;
  client: ServiceClient;
  /** Signs in through /api/login and the dev provider's form; returns the session cookie header. */
  signIn(username: string): Promise<string>;
  close(): Promise<void>;
}

async function startStack(): Promise<Stack> {
  const webRoot = mkdtempSync(join(tmpdir(), 'lipcast-fuzz-'));
  mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
  writeFileSync(join(webRoot, 'shell/dist/index.html'), `<!doctype html><html><head>${HEAD_MARKER}</head><body><div id="root"></div></body></html>`);
  mkdirSync(join(webRoot, 'mfe-content/dist'), { recursive: true });
  writeFileSync(join(webRoot, 'mfe-content/dist/mf-manifest.json'), '{"name":"mfe_content"}');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const identity = await startIdentityProvider(`${base}/api/callback`);
  // Limits raised for the run: the test sends over a thousand requests from one address in a minute or two.
  const environment = {
    ...process.env,
    WEB_ROOT: webRoot,
    S3_BUCKET: process.env.S3_BUCKET ?? 'lipcast-test',
    PUBLIC_URL: base,
    OIDC_ISSUER_URL: identity.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    RATE_LIMIT_PER_MINUTE: '1000000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000000',
    QUOTA_FREE_SPEECH_PER_DAY: '1000000',
    QUOTA_FREE_IMAGES_PER_DAY: '1000000',
    QUOTA_FREE_SCRIPTS_PER_DAY: '1000000',
    MAX_OPEN_STREAMS_PER_USER: '1000',
    LIPSYNC_HOLD_MS: '1000',
    MEDIA_PROVIDER: 'embedded',
    SCRIPT_PROVIDER: 'embedded',
  };
  const settings = readEnv(GatewaySettings, environment);
  const services = new Map<ServiceName, INestMicroservice>();
  await runMigrations(gatewayOrmConfig(settings.DATABASE_URL));
  for (const name of SERVICE_NAMES) await runMigrations(SERVICES[name].ormConfig(settings.DATABASE_URL));
  for (const name of SERVICE_NAMES) {
    services.set(name, await bootstrapService(SERVICES[name].module(readEnv(SERVICES[name].settings, environment)), name, settings.NATS_URL));
  }
  const gateway = await createGateway(settings);
  await gateway.listen(port, '127.0.0.1');
  const client = await ServiceClient.connect(settings.NATS_URL);

  return {
    base,
    gateway,
    services,
    client,
    async signIn(username) {
      const browser = new Browser();
      const login = await browser.visit(`${base}/api/login`);
      const action = /<form[^>]*action="([^"]+)"/.exec(login.html)?.[1];
      if (!action) throw new Error(`No sign-in form (status ${login.status})`);
      await browser.visit(new URL(action.replaceAll('&amp;', '&'), login.url).href, { username });
      const session = browser.cookie('lipcast.sid');
      if (!session) throw new Error(`Signing in as ${username} set no session`);
      return `lipcast.sid=${session}`;
    },
    async close() {
      await gateway.close();
      await client.close();
      await Promise.all([...services.values()].map((service) => service.close()));
      identity.child.kill();
      await once(identity.child, 'exit');
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

async function call(base: string, method: string, path: string, options: { cookie?: string; headers?: Record<string, string>; body?: string | Blob; json?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const sha256 = (bytes: ArrayBuffer | string) => createHash('sha256').update(typeof bytes === 'string' ? bytes : Buffer.from(bytes)).digest('hex');

interface SignedIn {
  username: string;
  cookie: string;
  id: string;
}

/** A's own data, made through the API as the Creator and the wizard make it: a portrait, its clip (published to the gallery), a speech preview and a lip-sync. */
interface OwnedData {
  projectId: number;
  jobIds: string[];
  mediaUrls: string[];
}

async function finishedJob(base: string, cookie: string, jobId: string): Promise<{ status: string; url: string | null }> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const job = JSON.parse((await call(base, 'GET', `/api/jobs/${jobId}`, { cookie })).text) as { status: string; url: string | null };
    if (['succeeded', 'failed', 'canceled'].includes(job.status)) return job;
  }
  throw new Error(`job ${jobId} did not finish within 90 s`);
}

async function makeOwnedData(base: string, cookie: string): Promise<OwnedData> {
  const post = async (path: string, json: unknown) => {
    const answer = await call(base, 'POST', path, { cookie, json, headers: { prefer: 'respond-async' } });
    if (answer.status >= 300) throw new Error(`POST ${path} answered ${answer.status} ${answer.text}`);
    return JSON.parse(answer.text) as Record<string, unknown>;
  };
  const image = (await post('/api/ai-influencer/image', { prompt: 'a cheerful presenter in a bright studio', size: '640x720' })) as { id: number; url: string };
  const clipJob = (await post(`/api/ai-influencer/video?projectId=${image.id}`, { image: image.url, prompt: 'person speaking to camera' })) as { predictionId: string };
  const clip = await finishedJob(base, cookie, clipJob.predictionId);
  if (clip.status !== 'succeeded' || !clip.url) throw new Error(`the clip job ended ${clip.status}`);
  const audio = (await post('/api/replicate/audio', { text: 'Hello there, this is a short test.', voice_id: 'Calm_Woman' })) as { url: string };
  const lipSyncJob = (await post('/api/replicate/lipsync', { video: clip.url, audio: audio.url })) as { predictionId: string };
  const lipSync = await finishedJob(base, cookie, lipSyncJob.predictionId);
  if (lipSync.status !== 'succeeded' || !lipSync.url) throw new Error(`the lip-sync job ended ${lipSync.status}`);
  // Published with consent: the gallery shows A's influencer to everyone, from its public copy, never from A's own keys.
  await post(`/api/ai-influencer/projects/${image.id}/publish`, { consent: true, name: 'Presenter Pat' });
  return { projectId: image.id, jobIds: [clipJob.predictionId, lipSyncJob.predictionId], mediaUrls: [image.url, clip.url, audio.url, lipSync.url] };
}

/** What A makes with the public API, with a key of every scope: a video (of A's influencer, waited for), a batch and a webhook endpoint. */
interface ApiData {
  videoId: string;
  batchId: string;
  webhookId: string;
}

async function createApiKey(base: string, cookie: string, name: string, scopes: readonly ApiKeyScope[]): Promise<string> {
  const answer = await call(base, 'POST', '/api/api-keys', { cookie, headers: { origin: base }, json: { name, scopes } });
  if (answer.status !== 201) throw new Error(`creating the key ${name} answered ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { key: string }).key;
}

async function makeApiData(base: string, cookie: string, projectId: number): Promise<ApiData> {
  const key = await createApiKey(base, cookie, 'fuzz-a', API_KEY_SCOPES);
  const v1 = async (method: string, path: string, json?: unknown) => {
    const answer = await call(base, method, `/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, json });
    if (answer.status >= 300) throw new Error(`${method} /api/v1${path} answered ${answer.status} ${answer.text}`);
    return JSON.parse(answer.text) as { id: string; status: string };
  };
  const { id: videoId } = await v1('POST', '/videos', { influencer: projectId, script: 'Hello from the public API.', voice: 'Calm_Woman', metadata: { order: 'fuzz-a' } });
  // Finished before anything is compared, so A's data stays as it is for the rest of the run.
  for (const deadline = Date.now() + 90_000; !['succeeded', 'failed', 'canceled'].includes((await v1('GET', `/videos/${videoId}`)).status); await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (Date.now() > deadline) throw new Error(`the API video ${videoId} did not finish within 90 s`);
  }
  // A batch whose one row is invalid (no actor nor influencer): kept, never run nor charged.
  const { id: batchId } = await v1('POST', '/batches', { rows: [{ script: 'Hello', voice: 'Calm_Woman' }] });
  // Made last, for an event that will not happen again: nothing is ever delivered to it.
  const { id: webhookId } = await v1('POST', '/webhooks', { url: 'https://example.com/lipcast-fuzz-a', events: ['video.failed'] });
  return { videoId, batchId, webhookId };
}

/** Everything A can see of A's own: account, history, influencers, jobs, and the bytes of A's media. */
async function snapshotOf(base: string, cookie: string, owned: OwnedData): Promise<Record<string, unknown>> {
  const read = async (path: string) => {
    const answer = await call(base, 'GET', path, { cookie });
    return { status: answer.status, body: answer.text };
  };
  const media: Record<string, unknown> = {};
  for (const url of owned.mediaUrls) {
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    media[url] = { status: response.status, sha256: sha256(await response.arrayBuffer()) };
  }
  const jobs: Record<string, unknown> = {};
  for (const jobId of owned.jobIds) jobs[jobId] = await read(`/api/jobs/${jobId}`);
  return {
    user: await read('/api/auth/user'),
    projects: await read('/api/projects'),
    influencers: await read('/api/ai-influencer/projects'),
    influencer: await read(`/api/ai-influencer/projects/${owned.projectId}`),
    pipeline: await read('/api/ai-influencer/pipeline/current'),
    jobs,
    media,
  };
}

// ---------------------------------------------------------------------------------------------
// The fuzzer: requests over the router's own route list, as a visitor, as A (reading only) and as B.

type Who = 'visitor' | 'A' | 'B';

interface Route {
  method: string;
  path: string;
}

interface FuzzRequest {
  who: Who;
  /** How many of it are sent at once. */
  copies: number;
  method: string;
  /** Exactly as sent on the request line. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface RawAnswer {
  status: number;
  text: string;
  headers: IncomingHttpHeaders;
}

// Fixed, so a run is repeatable; FUZZ_SEED and FUZZ_REQUESTS explore further by hand, FUZZ_LOG=<file> writes one line per request.
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const FUZZ_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
const agent = new Agent({ keepAlive: true, maxSockets: 2 });

/** The API routes the router holds (so a new route is fuzzed the day it is added) and the pages of the route table. */
function routeList(gateway: INestApplication): Route[] {
  const express = gateway.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  const routes = express.router.stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).filter((method) => method !== '_all').map((method) => ({ method: method.toUpperCase(), path: layer.route!.path })) : [],
  );
  return [...routes, ...ROUTES.map((route) => ({ method: 'GET', path: route.path }))];
}

/** encodeURIComponent, except that a lone surrogate becomes the (invalid) UTF-8 bytes a hostile client would send for it. */
const percentEncode = (value: string) =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => {
      if (part.length !== 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? 'none' : shorten(JSON.stringify(request.body), 400);
  return `${request.who}${request.copies > 1 ? ` ×${request.copies} at once` : ''} ${request.method} ${shorten(request.path, 300)} headers=${shorten(JSON.stringify(request.headers), 400)} body=${body}`;
}

/** Node's default limit of a request's line and headers (`--max-http-header-size`). */
const NODE_MAX_HEADER_BYTES = 16 * 1024;
const headSize = (request: FuzzRequest, headers: Record<string, string>) =>
  Buffer.byteLength(`${request.method} ${request.path} HTTP/1.1\r\n`) + Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${value}\r\n`), 0);

/** Sends exactly the generated request (node:http: no URL normalising, a body on any method), with a time limit. */
function sendRaw(base: string, request: FuzzRequest, cookie: string | undefined): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const headers: Record<string, string> = { ...request.headers };
  if (cookie) headers.cookie = cookie;
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest({ hostname, port, method: request.method, path: request.path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answered = true;
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers });
      });
      response.on('error', reject);
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no complete answer within 30 s')));
    // A server may answer (413) before reading a big body and close: the answer is what counts.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // Node refuses a request head over its limit (431) and closes at once; with a body still being
      // sent, the close can reach us as a reset before the 431 does.
      if ((error.code === 'ECONNRESET' || error.code === 'EPIPE') && headSize(request, headers) > NODE_MAX_HEADER_BYTES) return resolve({ status: 431, text: '', headers: {} });
      reject(error);
    });
    outgoing.end(request.body);
  });
}

/** What no answer may contain: a stack trace, a NATS subject, SQL or a PostgreSQL error, a file path. */
const INTERNAL_DETAILS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at \S|\bat [^\s()]+ \([^)]*:\d+:\d+\)/],
  ['a NATS subject', /\b(?:auth|billing|content|generation)\.[a-z_]+(?:\.[a-z_]+)*\.v\d+\b/],
  ['SQL', /\bselect\s+["*]|\binsert\s+into\s+"|\bdelete\s+from\s+"|\bupdate\s+"\w+"\."/i],
  ['a PostgreSQL error', /violates (?:unique|foreign key|check|not-null) constraint|invalid input syntax for|(?:column|relation) "[^"]+" does not exist|syntax error at or near|invalid byte sequence for encoding|unsupported Unicode escape sequence|value too long for type|out of range for type/i],
  ['a file path', new RegExp(`${process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|node_modules|/src/[\\w/-]+\\.[tj]s\\b|\\w\\.(?:ts|js|cjs|mjs):\\d+`)],
];

/** A request body's fields; `undefined` leaves one out. */
type Fields = Record<string, unknown>;

function fuzzArbitraries(routes: Route[], known: { ids: string[]; mediaKeys: string[]; userIds: string[]; base: string }) {
  const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 });
  const hostileUnit = fc.oneof(
    { weight: 30, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
    { weight: 1, arbitrary: fc.constant('\u0000') },
  );
  const specialText = fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u202e', '..', '../../etc/passwd', '%00', '%', '%zz', "' or 1=1 --", '<script>x</script>',
    'null', 'true', '-1', '0', '-0', '1e3', '0x10', '00017', '2147483648', '-2147483649', '9007199254740993', '99999999999999999999', '1e309', 'NaN', '9'.repeat(400), '\\', '__proto__', 'constructor', 'x'.repeat(5000), ...known.ids, ...known.mediaKeys, ...known.userIds,
    ...known.mediaKeys.map((key) => `/api/media/${key}`),
  );
  const text = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.string({ unit: hostileUnit, maxLength: 20 }) }, { weight: 2, arbitrary: specialText });
  const fieldName = fc.oneof(
    fc.constantFrom(
      'text', 'voice_id', 'emotion', 'pitch', 'speed', 'volume', 'language', 'videoDuration', 'videoId', 'video', 'audio', 'audioUrl', 'audioParams', 'prompt', 'size', 'image',
      'projectId', 'approved', 'influencerDescription', 'gender', 'scriptTopic', 'topic', 'maxDuration', 'priceId', 'planName', 'generations', 'email', 'userId', 'id', '__proto__', 'constructor',
    ),
    text,
  );
  const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 1e308, -1, 0, 2 ** 31, 2 ** 32, -(2 ** 31) - 1, 1e20, Number.MAX_SAFE_INTEGER + 2));
  const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      number,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }),
    ),
  }));

  // Bodies the routes expect, pointed at A's things: B must get nothing of A's from them.
  const [imageUrl, clipUrl, audioUrl] = known.mediaKeys.map((key) => `/api/media/${key}`);
  const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const uploads = [`data:image/png;base64,${pixel}`, 'data:image/png;base64,////', 'data:text/html;base64,PHNjcmlwdD4=', `data:image/png;base64,${'A'.repeat(100)}`, 'data:,x'];
  const templates: Record<string, Fields | Fields[]> = {
    '/api/replicate/audio': { text: 'Hello from the fuzz test.', voice_id: 'Calm_Woman', emotion: 'happy', pitch: 0, speed: 1, volume: 1, language: 'English', videoId: clipUrl },
    '/api/openai/generate-script': { topic: 'Why the sky looks blue at noon', maxDuration: 15 },
    '/api/replicate/lipsync': { video: clipUrl, audio: audioUrl, audioUrl, videoDuration: 20, audioParams: { text: 'Hello', voice_id: 'Calm_Woman' } },
    '/api/ai-influencer/image': { prompt: 'a friendly baker in a kitchen', size: '640x720' },
    '/api/ai-influencer/video': [{ image: imageUrl, prompt: 'person speaking to camera' }, ...uploads.map((image) => ({ image, prompt: 'person speaking to camera', consent: true }))],
    '/api/ai-influencer/projects/:id/approve': { approved: true, consent: true, name: 'Fuzzy' },
    '/api/ai-influencer/projects/:id/publish': { consent: true, name: 'Fuzzy' },
    '/api/ai-influencer/gallery/:id/report': { reason: 'likeness', contact: 'reader@example.com' },
    '/api/ai-influencer/pipeline': { influencerDescription: 'a calm gardening teacher', gender: 'female', scriptTopic: 'How to water house plants well' },
    '/api/stripe/create-subscription': { priceId: 'price_premium_monthly', planName: 'Premium' },
    '/api/stripe/additional-generations': { generations: 15 },
    '/api/newsletter': { email: 'reader@example.com' },
    '/api/stripe/webhook': { id: 'evt_fuzz', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_fuzz', metadata: { userId: known.userIds[0] } } } },
  };
  /** The route's body as is, with one field changed or left out, with fields added, or made up. */
  const mutated = (template: Fields) => {
    const keys = Object.keys(template);
    const oneChanged = keys.length
      ? fc.tuple(fc.constantFrom(...keys), fc.oneof(jsonValue, fc.constant(undefined))).map(([key, value]) => ({ ...template, [key]: value }))
      : fc.constant(template);
    return fc
      .oneof(
        { weight: 4, arbitrary: fc.constant(template) },
        { weight: 4, arbitrary: oneChanged },
        { weight: 2, arbitrary: fc.tuple(oneChanged, fc.dictionary(fieldName, jsonValue, { maxKeys: 2 })).map(([fields, extra]) => ({ ...fields, ...extra })) },
        { weight: 1, arbitrary: fc.dictionary(fieldName, jsonValue, { maxKeys: 5 }) },
      )
      .map((fields) => JSON.stringify(fields));
  };
  const deep = fc.tuple(fc.constantFrom(33, 200, 5000), fc.boolean()).map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));
  const huge = fc.tuple(fc.constantFrom('image', 'prompt', 'text', 'topic', 'video'), fc.constantFrom(150_000, 1_100_000), fc.boolean()).map(([field, size, array]) =>
    JSON.stringify({ [field]: array ? Array.from({ length: size / 5 }, (_, index) => index) : 'x'.repeat(size) }),
  );
  const malformed = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', '"text"', '1', 'null', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '\ufeff{}', 'a[b][c][d]=1&approved=true'));
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 5,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=koi8-r', 'application/json; charset=bogus', 'text/plain', 'multipart/form-data; boundary=x',
        'application/xml', 'application/x-www-form-urlencoded', 'application/vnd.api+json', 'application/octet-stream', '',
      ),
    },
    { weight: 1, arbitrary: headerText },
  );
  const body = (template: Fields | Fields[] | undefined) =>
    fc.tuple(
      fc.oneof(
        { weight: 6, arbitrary: Array.isArray(template) ? fc.oneof(...template.map(mutated)) : mutated(template ?? {}) },
        { weight: 2, arbitrary: jsonValue.map((value) => JSON.stringify(value)) },
        { weight: 2, arbitrary: malformed },
        { weight: 1, arbitrary: deep },
        { weight: 1, arbitrary: huge },
      ),
      contentType,
    );

  /** A header present in `present` requests out of `absent + present`. */
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>, absent: number, present = 1) =>
    fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight: present, arbitrary });
  const headers = fc.record(
    {
      range: sometimes(fc.oneof(
        fc.tuple(fc.nat(400), fc.nat(400)).map(([start, end]) => `bytes=${start}-${end}`),
        fc.constantFrom('bytes=0-', 'bytes=-10', 'bytes=10-5', 'bytes=0-1,5-6', 'bytes=', 'items=0-1', 'bytes=99999999999999999999-', `bytes=0-${' '.repeat(2000)}x`),
        headerText,
      ), 5),
      prefer: sometimes(fc.constantFrom('respond-async', 'wait=1', 'respond-async, wait=100'), 3),
      accept: sometimes(fc.constantFrom('application/json', 'text/event-stream', 'text/html', '*/*', 'image/*'), 3),
      'content-encoding': sometimes(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus'), 15),
      'x-request-id': sometimes(headerText, 10),
      // A visitor's forged or broken session cookie (a signed-in request sends its own instead).
      cookie: sometimes(fc.constantFrom('lipcast.sid=junk', 'lipcast.sid=s%3Aabc.def', `lipcast.sid=s%3A${'a'.repeat(3000)}`, 'lipcast.sid=%E0%A4%A', 'a=b; lipcast.sid=; c'), 8),
      'x-forwarded-for': fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.77.${a}.${b}`),
      origin: sometimes(fc.oneof({ weight: 4, arbitrary: fc.constant(known.base) }, { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') }), 3),
      'if-none-match': sometimes(headerText, 15),
      'stripe-signature': sometimes(fc.constantFrom('t=1,v1=abc', 'garbage', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`), 10),
    },
  ).map((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<string, string>);

  const bigNumber = fc.constantFrom('2147483648', '-2147483649', '4294967296', '9007199254740993', '99999999999999999999', '1e20', '1.5', '-0');
  const idParameter = fc.oneof(fc.constantFrom(...known.ids), fc.uuid().map(String), fc.integer().map(String), bigNumber, text);
  const keyParameter = fc.oneof(
    fc.constantFrom(...known.mediaKeys, 'public/samples/hero-1.mp4', 'actors/anna/clip.mp4', 'community/1/video-v1.mp4'),
    fc.array(text, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
    fc.constantFrom('..%2F..%2Fetc%2Fpasswd', 'users%2F..%2Fsecret', 'users\\x', `users/${known.userIds[0]}/../x`, 'a'.repeat(3000), 'a'.repeat(20_000)),
  );
  /** A path segment as sent: mostly percent-encoded, sometimes raw (kept to what may appear on a request line). */
  const segment = (value: string, raw: boolean) => (raw ? percentEncode(value).replace(/%([0-7][0-9A-F])/g, (escape, hex: string) => (parseInt(hex, 16) > 0x20 && parseInt(hex, 16) < 0x7f ? String.fromCharCode(parseInt(hex, 16)) : escape)) : percentEncode(value));
  const queryName = fc.oneof(fc.constantFrom('page', 'pageSize', 'published', 'projectId', 'returnTo', 'code', 'state', 'error', 'iss', 'slug'), text);
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(queryName, fc.oneof(text, bigNumber, fc.constantFrom('true', '1', '2', '50', '//evil.example', '/projects'))), { minLength: 1, maxLength: 3 })
        .map((pairs) => `?${pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&')}`),
    },
  );

  const copies = fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(2, 3) });
  const likely = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
  // Mostly the API, routes with parameters twice as often (more to try); the pages too, less often (they share one handler).
  const api = routes.filter((route) => route.path.startsWith('/api/'));
  const route = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...api, ...api.filter((route) => /[:*]/.test(route.path))) },
    { weight: 1, arbitrary: fc.constantFrom(...routes) },
  );
  return fc
    .tuple(route, fc.constantFrom<Who>('visitor', 'A', 'B', 'B'), likely, fc.constantFrom(...METHODS), idParameter, keyParameter, fc.boolean(), query, headers, likely, copies)
    .chain(([chosen, who, ownMethod, otherMethod, id, key, raw, search, headerValues, hasBody, times]) => {
      // A only reads: A's data must stay as it is, whatever the others do.
      const method = who === 'A' ? (ownMethod || chosen.method !== 'GET' ? 'GET' : 'HEAD') : ownMethod ? chosen.method : otherMethod;
      const path = chosen.path.replace(/\*\w+/, () => key.split('/').map((part) => segment(part, raw)).join('/')).replace(/:\w+/g, () => segment(id, raw));
      const withBody = hasBody && !['GET', 'HEAD'].includes(method) ? body(templates[chosen.path]) : fc.constant([undefined, undefined] as const);
      return withBody.map(([text, type]): FuzzRequest => ({ who, copies: times, method, path: `${path}${search}`, headers: { ...headerValues, ...(type === undefined ? {} : { 'content-type': type }) }, body: text }));
    })
    .map((request) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }));
}

// ---------------------------------------------------------------------------------------------
// Walks over one route at a time: `/api/admin` as a plain user, `/api/v1` with B's keys.

/** Runs per route (and per key, for `/api/v1`): each route of the two is walked, a bounded number of times. */
const WALK_RUNS = Number(process.env.FUZZ_WALK_RUNS ?? 12);

/**
 * Requests for one route, as B: its parameters (`:name`, `{*name}`) filled with A's ids, made-up ids and
 * odd text, a query sometimes, and for a write a body: the route's own (`templates`), changed, or made up.
 * `wellFormed`: no empty parameter, NUL, lone surrogate, binary text or body other than a JSON object, as
 * the body parsers and the request-shape check refuse those (400) before any guard looks at the caller.
 */
function walkArbitrary(
  route: Route,
  known: { ids: string[]; base: string; templates: Record<string, Fields | Fields[]>; csv: boolean; otherMethods: boolean; wellFormed: boolean },
): fc.Arbitrary<FuzzRequest> {
  const special = fc.constantFrom(' ', '0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', 'null', 'true', '..', '%', "' or 1=1 --", '<x>', '__proto__', 'x'.repeat(3000), ...(known.wellFormed ? [] : ['', '\u0000', '\ud800']));
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: known.wellFormed ? 1 : 0, maxLength: 30 }) },
    { weight: 2, arbitrary: special },
    { weight: known.wellFormed ? 0 : 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
  const id = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known.ids) }, { weight: 2, arbitrary: fc.uuid().map(String) }, { weight: 1, arbitrary: fc.integer().map(String) }, { weight: 2, arbitrary: text });
  const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 31, 1e20, Number.MAX_SAFE_INTEGER + 2));
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, number, fc.boolean(), fc.constant(null), fc.constantFrom(...known.ids), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
  }));
  const template = known.templates[route.path];
  const mutated = (fields: Fields) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(fields) },
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(fields)), fc.oneof(value, fc.constant(undefined))).map(([name, changed]) => ({ ...fields, [name]: changed })) },
      { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...Object.keys(fields)), text), value, { maxKeys: 4 }) },
    );
  const jsonBody = (template ? fc.oneof(...(Array.isArray(template) ? template : [template]).map(mutated)) : fc.dictionary(text, value, { maxKeys: 4 })).map((fields) => JSON.stringify(fields));
  const csv = fc.array(fc.array(fc.oneof(text, fc.constantFrom('actor', 'influencer', 'script', 'voice', 'emotion', 'Calm_Woman', ...known.ids)), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 })
    .map((rows) => rows.map((cells) => cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')).join('\n'));
  const body = fc.oneof(
    { weight: 6, arbitrary: jsonBody.map((text) => [text, 'application/json'] as const) },
    { weight: known.csv ? 3 : 0, arbitrary: csv.map((text) => [text, 'text/csv'] as const) },
    { weight: known.wellFormed ? 0 : 1, arbitrary: value.map((fields) => [JSON.stringify(fields), 'application/json'] as const) },
    { weight: known.wellFormed ? 0 : 1, arbitrary: fc.tuple(fc.constantFrom('{', '{"a":', '[1,2', 'null', '{"a":"\\u0000"}', `${'['.repeat(200)}${']'.repeat(200)}`), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded')) },
    { weight: 2, arbitrary: fc.constant([undefined, undefined] as const) },
  );
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom('cursor', 'limit', 'endpoint_id', 'format', 'status', 'kind', 'user', 'query', 'before', 'page'), text), fc.oneof(text, id, fc.constantFrom('1', '50', '100', '201', 'srt', 'vtt'))), { minLength: 1, maxLength: 3 })
        .map((pairs) => `?${pairs.map(([name, given]) => `${percentEncode(name)}=${percentEncode(given)}`).join('&')}`),
    },
  );
  const method = known.otherMethods ? fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }) : fc.constant(route.method);
  return fc
    .tuple(method, fc.array(id, { minLength: 3, maxLength: 3 }), fc.array(text, { minLength: 1, maxLength: 3 }), query, body, fc.boolean())
    .map(([chosen, ids, rest, search, [text, type], sameSite]): FuzzRequest => {
      const path = route.path
        .replace(/\{\*\w+\}|\*\w+/, () => rest.map(percentEncode).join('/'))
        .replace(/:\w+/g, () => percentEncode(ids.shift() ?? ''));
      const write = !['GET', 'HEAD'].includes(chosen) && text !== undefined;
      const headers: Record<string, string> = { ...(sameSite ? { origin: known.base } : {}), ...(write && type ? { 'content-type': type } : {}) };
      return { who: 'B', copies: 1, method: chosen, path: `${path}${search}`, headers, ...(write ? { body: text } : {}) };
    })
    .map((request) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }));
}

describe('the gateway under malformed and hostile requests', () => {
  let stack: Stack;
  let userA: SignedIn;
  let userB: SignedIn;
  let ownedByA: OwnedData;
  let apiDataOfA: ApiData;
  const asB = (method: string, path: string, options: Parameters<typeof call>[3] = {}) => call(stack.base, method, path, { cookie: userB.cookie, ...options });
  const json = { 'content-type': 'application/json' };
  /** `{"a":{"a":…1…}}`, `depth` objects deep. */
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  beforeAll(async () => {
    stack = await startStack();
    const signIn = async (username: string) => {
      const cookie = await stack.signIn(username);
      const user = JSON.parse((await call(stack.base, 'GET', '/api/auth/user', { cookie })).text) as { id: string };
      return { username, cookie, id: user.id };
    };
    userA = await signIn(`fuzz-a-${Date.now()}`);
    userB = await signIn(`fuzz-b-${Date.now()}`);
    ownedByA = await makeOwnedData(stack.base, userA.cookie);
    apiDataOfA = await makeApiData(stack.base, userA.cookie, ownedByA.projectId);
    // B spends the free tier, so nothing B sends can queue a render.
    for (let index = 0; index < FREE_GENERATIONS; index++) {
      const jobId = `fuzz-spent-${index}-${userB.id}`;
      await stack.client.send(Subjects.billing.creditsReserve, { userId: userB.id, jobId });
      await stack.client.send(Subjects.billing.creditsCommit, { jobId });
    }
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await stack?.close();
  });

  describe('each request once seen answering 5xx answers a clear 4xx', () => {
    it('refuses a NUL character or a lone surrogate in a JSON string', async () => {
      const nul = await asB('POST', '/api/replicate/audio', { json: { text: 'Hello\u0000there', voice_id: 'Wise_Woman' } });
      expect([nul.status, nul.text]).toEqual([400, JSON.stringify({ message: 'Invalid characters in request' })]);
      const surrogate = await asB('POST', '/api/replicate/audio', { body: '{"text":"Hello","voice_id":"Wise_Woman","language":"\\ud800"}', headers: json });
      expect([surrogate.status, surrogate.text]).toEqual([400, JSON.stringify({ message: 'Invalid characters in request' })]);
    });

    it('refuses JSON nested thousands of levels deep', async () => {
      for (const path of ['/api/replicate/lipsync', '/api/stripe/create-subscription', '/api/stripe/additional-generations', '/api/openai/generate-script']) {
        for (const depth of [3000, 5000]) {
          const answer = await asB('POST', path, { body: nested(depth), headers: json });
          expect([path, depth, answer.status, answer.text]).toEqual([path, depth, 400, JSON.stringify({ message: 'The request body is nested more than 32 levels deep' })]);
        }
      }
    });

    it('refuses a 1 MB image or prompt, or a 200,000-element array, for a clip, without naming anything internal', async () => {
      const megabyte = 'x'.repeat(1024 * 1024);
      const answers = [
        await asB('POST', '/api/ai-influencer/video', { json: { image: megabyte } }),
        await asB('POST', '/api/ai-influencer/video', { json: { image: ownedByA.mediaUrls[0], prompt: megabyte } }),
        await asB('POST', '/api/ai-influencer/video', { json: { image: Array.from({ length: 200_000 }, (_, index) => index) } }),
        await asB('POST', '/api/ai-influencer/video', { json: Array.from({ length: 200_000 }, (_, index) => index) }),
      ];
      expect(answers.map((answer) => [answer.status, JSON.parse(answer.text)])).toEqual([
        [400, { message: 'image must be an uploaded picture (a data: URL) or one of your images', details: expect.anything() }],
        [400, { message: 'Prompt cannot exceed 1000 characters.', details: expect.anything() }],
        [400, { message: 'image is required', details: expect.anything() }],
        [400, { message: 'The request body must be a JSON object' }],
      ]);
    });

    it('answers approve with a text, multipart or XML body with 415, and without a body as usual', async () => {
      const path = `/api/ai-influencer/projects/${ownedByA.projectId}/approve`;
      const bodies: [string, string][] = [
        ['text/plain', 'approved=true'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="approved"\r\n\r\ntrue\r\n--x--\r\n'],
        ['application/xml', '<approved>true</approved>'],
      ];
      for (const [type, body] of bodies) {
        const answer = await asB('POST', path, { body, headers: { 'content-type': type } });
        expect([type, answer.status, answer.text]).toEqual([type, 415, JSON.stringify({ message: 'Send the request body as JSON (Content-Type: application/json)' })]);
      }
      // No body at all: B asks about A's project, which B cannot see.
      expect((await asB('POST', path)).status).toBe(404);
    });

    it('refuses a blog page number whose row offset PostgreSQL cannot hold, at the gateway and in the content service', async () => {
      const answer = await call(stack.base, 'GET', '/api/blog/posts?page=99999999999999999999');
      expect([answer.status, JSON.parse(answer.text).message]).toEqual([400, `page must be ${POSTS_MAX_PAGE} or less`]);
      expect((await call(stack.base, 'GET', `/api/blog/posts?page=${POSTS_MAX_PAGE}&pageSize=50`)).status).toBe(200);
      await expect(stack.client.send(Subjects.content.postsList, { page: 1e20 })).rejects.toMatchObject({ code: ErrorCode.Validation });
    });
  });

  it(`answers ${FUZZ_REQUESTS} generated requests over every route below 500, with nothing internal and nothing of A's for others`, async () => {
    const routes = routeList(stack.gateway);
    expect(routes.length).toBeGreaterThan(30);
    const mediaKeys = ownedByA.mediaUrls.map((url) => url.replace(/^\/api\/media\//, ''));
    const usernames: Record<'A' | 'B', string> = { A: userA.username, B: userB.username };
    const sessions: Record<'A' | 'B', string> = { A: userA.cookie, B: userB.cookie };
    // What only A may be shown: A's ids, name and media keys. The fuzzer probes with some of them (the
    // clip job, the portrait, clip and speech); an answer may repeat what the others sent before,
    // never the rest (the lip-sync job and video, A's name, A's id until sent).
    const secretsOfA = [userA.id, userA.username, ...ownedByA.jobIds, ...mediaKeys];
    const sentByOthers = new Set<string>();
    const arbitrary = fuzzArbitraries(routes, { ids: [String(ownedByA.projectId), ownedByA.jobIds[0]], mediaKeys: mediaKeys.slice(0, 3), userIds: [userA.id, userB.id], base: stack.base });
    const before = await snapshotOf(stack.base, userA.cookie, ownedByA);
    // First, before anyone has sent anything of A's: every parameterless read (the gallery, which
    // lists A's approved influencer, among them) shows the others none of A's ids, name or keys.
    for (const route of routes.filter((route) => route.method === 'GET' && !/[:*]/.test(route.path) && !route.path.startsWith('/api/logout'))) {
      for (const cookie of [undefined, userB.cookie]) {
        const answer = await sendRaw(stack.base, { who: cookie ? 'B' : 'visitor', copies: 1, method: 'GET', path: route.path, headers: {} }, cookie);
        const shown = `${answer.text}\n${answer.headers.location ?? ''}`;
        expect([route.path, secretsOfA.filter((secret) => shown.includes(secret))]).toEqual([route.path, []]);
      }
    }
    expect((JSON.parse((await call(stack.base, 'GET', '/api/ai-influencer/gallery')).text) as { id: number }[]).map((item) => item.id)).toContain(ownedByA.projectId);
    let sent = 0;
    const statuses: Record<number, number> = {};
    const started = Date.now();

    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        const cookie = request.who === 'visitor' ? undefined : sessions[request.who];
        // Sometimes the same request two or three times at once, as a double click sends it.
        const answers = await Promise.all(Array.from({ length: request.copies }, () => sendRaw(stack.base, request, cookie)));
        sent += answers.length;
        // Signing out ends the session this test holds: sign in again.
        // The later tests use A's and B's cookies too: they get the new one.
        if (request.who !== 'visitor' && request.path.startsWith('/api/logout')) (request.who === 'A' ? userA : userB).cookie = sessions[request.who] = await stack.signIn(usernames[request.who]);
        if (request.who !== 'A') {
          const asked = `${request.path}\n${JSON.stringify(request.headers)}\n${request.body ?? ''}`;
          for (const secret of secretsOfA) if (asked.includes(secret)) sentByOthers.add(secret);
        }
        for (const answer of answers) {
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (process.env.FUZZ_LOG) appendFileSync(process.env.FUZZ_LOG, `${answer.status} ${describeRequest(request).slice(0, 200)} → ${shorten(answer.text, 150).replace(/\n/g, ' ')}\n`);
          const shown = `${answer.text}\n${answer.headers.location ?? ''}`;
          const problems: string[] = [];
          if (answer.status >= 500) problems.push(`status ${answer.status}`);
          for (const [what, pattern] of INTERNAL_DETAILS) if (pattern.test(shown)) problems.push(`${what} (${pattern.exec(shown)![0]})`);
          if (request.who !== 'A') for (const secret of secretsOfA) if (shown.includes(secret) && !sentByOthers.has(secret)) problems.push(`A's ${secret}`);
          if (problems.length) throw new Error(`${problems.join(', ')} in the answer ${answer.status} ${shorten(shown, 600)}`);
        }
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_REQUESTS },
    );

    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s; answers by status: ${JSON.stringify(statuses)}`);
    expect(sent).toBeGreaterThanOrEqual(FUZZ_REQUESTS);
    expect(await snapshotOf(stack.base, await stack.signIn(userA.username), ownedByA)).toEqual(before);
  }, 300_000);

  describe('walks every route of /api/admin and /api/v1 as B', () => {
    /** A's ids that no answer to B may hold, but for one B itself sent in that request (an error may name what it was given). */
    const idsOfA = () => [userA.id, ...ownedByA.jobIds, apiDataOfA.videoId, apiDataOfA.batchId, apiDataOfA.webhookId];
    const probeIds = () => [...idsOfA(), String(ownedByA.projectId)];

    it('answers every /api/admin route, as a plain user, 401 or 403', async () => {
      const routes = adminRoutes(stack.gateway);
      expect(routes.length).toBeGreaterThan(10);
      const templates: Record<string, Fields> = {
        '/api/admin/users/:id/credits': { delta: 5, reason: 'fuzz', jobId: ownedByA.jobIds[0] },
        '/api/admin/posts': { title: 'Fuzz', slug: 'fuzz', body: 'Hello', published: true },
        '/api/admin/posts/:id': { title: 'Fuzz', slug: 'fuzz', body: 'Hello', published: true },
        '/api/admin/newsletter/issues': { subject: 'Fuzz', body: 'Hello' },
        '/api/admin/jobs/:id/cancel': { reason: 'fuzz' },
        '/api/admin/gallery/:influencerId/decision': { decision: 'restore', reason: 'fuzz' },
      };
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(walkArbitrary(route, { ids: probeIds(), base: stack.base, templates, csv: false, otherMethods: false, wellFormed: true }), async (request) => {
            const answer = await sendRaw(stack.base, request, userB.cookie);
            if (![401, 403].includes(answer.status)) throw new Error(`${route.method} ${route.path} answered B ${answer.status} ${shorten(answer.text, 600)}`);
          }),
          { seed: FUZZ_SEED, numRuns: WALK_RUNS },
        );
      }
    }, 120_000);

    it("answers every /api/v1 route, with B's key of each scope and of all, below 500 and with nothing of A's", async () => {
      const routes = routeList(stack.gateway).filter((route) => route.path.startsWith('/api/v1/') || route.path === '/api/v1');
      expect(routes.length).toBeGreaterThan(15);
      const scopeSets: (readonly ApiKeyScope[])[] = [...API_KEY_SCOPES.map((scope) => [scope]), API_KEY_SCOPES];
      const keys = await Promise.all(scopeSets.map((scopes, index) => createApiKey(stack.base, userB.cookie, `fuzz-b-${index}`, scopes)));
      const [imageUrl, clipUrl] = ownedByA.mediaUrls;
      const row = { influencer: ownedByA.projectId, script: 'Hello from the fuzz test.', voice: 'Calm_Woman', emotion: 'happy', speed: 1, pitch: 0 };
      const templates: Record<string, Fields | Fields[]> = {
        '/api/v1/videos': [
          { ...row, webhook_url: 'https://example.com/lipcast-fuzz-b', metadata: { order: 'fuzz' }, format: 'portrait-card', captions: 'bold' },
          { actor: 'ipfs-puppet-video-2', script: 'Hello', voice: 'Wise_Woman', metadata: { video: apiDataOfA.videoId, image: imageUrl, clip: clipUrl } },
        ],
        '/api/v1/batches': [{ rows: [row, { ...row, influencer: undefined, actor: 'ipfs-puppet-video-2' }] }, { rows: [] }, { csv: 'influencer,script,voice\n1,Hello,Calm_Woman' }],
        '/api/v1/webhooks': { url: 'https://example.com/lipcast-fuzz-b', events: ['video.succeeded', 'batch.completed'] },
      };
      const idsAtStart = idsOfA();
      for (const route of routes) {
        for (const [index, key] of keys.entries()) {
          const arbitrary = walkArbitrary(route, { ids: probeIds(), base: stack.base, templates, csv: route.path === '/api/v1/batches', otherMethods: true, wellFormed: false }).map((request) =>
            Object.assign(request, { headers: { ...request.headers, authorization: `Bearer ${key}` } }),
          );
          await fc.assert(
            fc.asyncProperty(arbitrary, async (request) => {
              const answer = await sendRaw(stack.base, request, undefined);
              const shown = `${answer.text}\n${answer.headers.location ?? ''}`;
              const asked = `${request.path}\n${request.body ?? ''}`;
              const problems: string[] = [];
              if (answer.status >= 500) problems.push(`status ${answer.status}`);
              for (const [what, pattern] of INTERNAL_DETAILS) if (pattern.test(shown)) problems.push(`${what} (${pattern.exec(shown)![0]})`);
              for (const id of idsAtStart) if (shown.includes(id) && !asked.includes(id)) problems.push(`A's ${id}`);
              // A path naming one of A's things is never answered with success (OPTIONS lists methods, nothing of A's).
              const path = request.path.split('?')[0];
              if (request.method !== 'OPTIONS' && answer.status < 300 && idsAtStart.some((id) => path.includes(id))) problems.push(`success on A's ${path}`);
              if (problems.length) throw new Error(`${problems.join(', ')} with the key of ${scopeSets[index].join('+')}: ${route.method} ${route.path} answered ${answer.status} ${shorten(shown, 600)}`);
            }),
            { seed: FUZZ_SEED + index, numRuns: WALK_RUNS },
          );
        }
      }
    }, 180_000);
  });
});
