/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { signedInCookie } from '../../../gateway/src/session/testing';
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { ErrorCode, LIKENESS_CONSENT_TEXT, Subjects, type AuthUser, type InfluencerImageResponse, type OwnActor } from '@lipcast/contracts';
import { makeFaceClip } from '@lipcast/media-engine';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import type { AuthSettings } from '../../../services/auth/src/settings';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { contentService } from '../../../services/content/src/service';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { sameUtcDayFor } from '../../lib/poll';
import { readZip } from '../../zip/read-zip';
import type { ExportedRecords } from '../../../gateway/src/account/account.controller';

jest.setTimeout(90_000);

const SESSION_SECRET = randomBytes(24).toString('hex');
const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET, RATE_LIMIT_STORE: 'memory', ACCOUNT_EXPORTS_PER_DAY: '3' });
const DAILY_EXPORTS_SPENT = 'Daily limit of data exports reached (3 a day), resets at 00:00 UTC';
const EXPORT_UNDER_WAY = 'Your data export is still being prepared. Wait for the download to finish before starting another.';

/** `GET /api/account/export`: a ZIP of the user's records and their media, and nobody else's; `DELETE /api/account`: all of it gone. */
describe('your account: export and delete', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const storage = new StorageService(settings);
  const services: RunningService[] = [];
  let gateway: INestApplication;
  let base: string;
  let folder: string;
  /** A stand-in identity provider: discovery with an end-session endpoint, all Logout needs. */
  let issuer: http.Server;
  let issuerUrl: string;

  const signedInUsers: string[] = [];
  const signedIn = (userId: string) => {
    signedInUsers.push(userId);
    return signedInCookie(database, SESSION_SECRET, userId);
  };

  /** What a deleted account of the identity left: HMAC-SHA256 of `issuer \n subject` under auth's IDENTITY_HASH_SECRET. */
  const fingerprintOf = (issuer: string, subject: string) => createHmac('sha256', (services[0].settings as AuthSettings).IDENTITY_HASH_SECRET).update(`${issuer}\n${subject}`).digest('hex');
  const keptOf = async (issuer: string, subject: string) =>
    (await database.query('select * from auth.deleted_identity where identity_hash = $1', [fingerprintOf(issuer, subject)])).rows as Record<string, unknown>[];

  /** A user as a sign-in leaves them, with a session. */
  async function newUser(name: string): Promise<{ user: AuthUser; cookie: string }> {
    const user = await services[0].client.send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject: `${name}-${randomBytes(4).toString('hex')}`, username: name, email: `${name}@example.com` });
    return { user, cookie: await signedIn(user.id) };
  }

  let ownActorClip: Buffer | undefined;
  /** An own actor for the signed-in user: a few seconds of a face moving (the engine's own-clip fixture), uploaded with consent. */
  const uploadOwnActor = async (cookie: string): Promise<OwnActor> => {
    ownActorClip ??= await readFile(await makeFaceClip(folder, { width: 320, height: 240 }));
    const form = new FormData();
    form.append('name', 'Me');
    form.append('consent', 'true');
    form.append('clip', new Blob([new Uint8Array(ownActorClip)], { type: 'video/mp4' }), 'me.mp4');
    const response = await fetch(`${base}/api/actors/own`, { method: 'POST', headers: { cookie, origin: base }, body: form });
    expect(response.status).toBe(201);
    return (await response.json()) as OwnActor;
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'export-it-'));
    await runMigrations(ormConfig(settings.DATABASE_URL));
    for (const service of [authService, billingService, generationService, contentService]) services.push(await startServiceForTest(service));
    await storage.ensureBucket();
    issuer = http.createServer((request, response) => {
      if (request.url !== '/.well-known/openid-configuration') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        issuer: issuerUrl, authorization_endpoint: `${issuerUrl}/authorize`, token_endpoint: `${issuerUrl}/token`, jwks_uri: `${issuerUrl}/jwks`,
        end_session_endpoint: `${issuerUrl}/session/end`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'],
      }));
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
    gateway = await createGateway(readEnv(GatewaySettings, { ...process.env, SESSION_SECRET, RATE_LIMIT_STORE: 'memory', ACCOUNT_EXPORTS_PER_DAY: '3', OIDC_ISSUER_URL: issuerUrl }));
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => issuer?.close(resolve));
    await database.query('delete from gateway.account_export where user_id = any($1)', [signedInUsers]).catch(() => undefined);
    for (const service of services.reverse()) await service.close();
    await database.query("delete from gateway.session where data->>'userId' = any($1)", [signedInUsers]);
    await database.end();
    await rm(folder, { recursive: true, force: true });
  });

  it("export contains the user's media and records, and none of anyone else's", async () => {
    const { user, cookie } = await newUser('exporter');
    const other = await newUser('bystander');
    const image = (await (await fetch(`${base}/api/ai-influencer/image`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a cheerful cyclist on a mountain road', size: '640x720' }),
    }).then((response) => response.json())) as InfluencerImageResponse);
    const actor = await uploadOwnActor(cookie);
    const audio = Buffer.from('ID3 not really an mp3, but bytes all the same');
    await storage.put(`users/${user.id}/audio/hello.mp3`, audio, 'audio/mpeg');
    await storage.put(`users/${other.user.id}/audio/secret.mp3`, Buffer.from('not yours'), 'audio/mpeg');

    expect((await fetch(`${base}/api/account/export`)).status).toBe(401);
    const response = await fetch(`${base}/api/account/export`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="lipcast-export.zip"');
    const path = join(folder, 'export.zip');
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    // Every entry read to its end with its CRC-32 checked: readZip rejects an archive that is not sound.
    const entries = new Map((await readZip(path)).map((entry) => [entry.name, entry.data]));

    const portrait = `media/influencers/${image.id}/image.jpg`;
    expect(entries.get(portrait)?.equals(await storage.read(`users/${user.id}/influencers/${image.id}/image.jpg`).then(readAll))).toBe(true);
    expect(entries.get('media/audio/hello.mp3')?.equals(audio)).toBe(true);
    const records = JSON.parse(entries.get('records.json')!.toString('utf8')) as ExportedRecords;
    expect(records.user).toMatchObject({ id: user.id, username: 'exporter', email: 'exporter@example.com' });
    expect(records.account).toMatchObject({ generationsCount: 0 });
    expect(records.influencers).toEqual([expect.objectContaining({ id: image.id, imageUrl: image.url })]);
    expect(records.history).toEqual([]);
    // An own actor with the consent given at its upload, and its clip.
    expect(records.ownActors).toEqual([actor]);
    expect(records.ownActors[0]!.consent).toMatchObject({ subject: 'likeness', text: LIKENESS_CONSENT_TEXT });
    expect(entries.get(`media/actors/${actor.id}/clip.mp4`)?.length).toBeGreaterThan(0);
    expect(records.consents).toEqual([actor.consent]);
    expect(records.mailPreferences).toEqual({ videoReady: true });
    const listing = [...entries.keys()].join('\n');
    expect(listing).not.toContain('secret.mp3');
    expect(listing).not.toContain(other.user.id);
  });

  it('a user may export 3 times a day: the 4th gets 429 with the reason, counted in PostgreSQL; another user is unaffected', async () => {
    await sameUtcDayFor(60);
    const { user, cookie } = await newUser('daily-exporter');
    const other = await newUser('daily-bystander');
    for (let export_ = 1; export_ <= 3; export_++) {
      const response = await fetch(`${base}/api/account/export`, { headers: { cookie } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await fetch(`${base}/api/account/export`, { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: DAILY_EXPORTS_SPENT, quotaExceeded: true, limit: 3 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The count is a row of the gateway's table (every replica, and the next start, sees it), not this process's memory.
    expect((await database.query('select exports from gateway.account_export where user_id = $1', [user.id])).rows).toEqual([{ exports: 3 }]);

    const others = await fetch(`${base}/api/account/export`, { headers: { cookie: other.cookie } });
    expect(others.status).toBe(200);
    await others.arrayBuffer();
  });

  it('one export at a time per user: a second one while the first is produced gets 429, another user is unaffected', async () => {
    const { user, cookie } = await newUser('eager-exporter');
    const other = await newUser('patient-exporter');
    // More than the sockets buffer: the export stays under way while nobody reads it.
    await storage.put(`users/${user.id}/audio/long.mp3`, Buffer.alloc(48 * 1024 * 1024, 7), 'audio/mpeg');
    const first = await new Promise<{ request: http.ClientRequest; response: http.IncomingMessage }>((resolve, reject) => {
      const request = http.get(`${base}/api/account/export`, { headers: { cookie } }, (response) => {
        response.pause();
        resolve({ request, response });
      });
      request.on('error', reject);
    });
    try {
      expect(first.response.statusCode).toBe(200);
      const second = await fetch(`${base}/api/account/export`, { headers: { cookie } });
      const body = second.status === 429 ? await second.json() : await second.body?.cancel();
      expect({ status: second.status, body }).toMatchObject({ status: 429, body: { message: EXPORT_UNDER_WAY } });
      const others = await fetch(`${base}/api/account/export`, { headers: { cookie: other.cookie } });
      expect(others.status).toBe(200);
      await others.arrayBuffer();
    } finally {
      // The download given up, the user may start another (the first one still counts for the day).
      first.request.destroy();
    }
    let again = 0;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const response = await fetch(`${base}/api/account/export`, { headers: { cookie } });
      again = response.status;
      await response.arrayBuffer();
      if (again !== 429) break;
    }
    expect(again).toBe(200);
  });

  it("a deleted account's media answer 404 and its sessions end, its community copies go, and others keep theirs", async () => {
    const { user, cookie } = await newUser('leaver');
    const otherDevice = await signedIn(user.id);
    const other = await newUser('stayer');
    const post = async (path: string, body: unknown, who = cookie) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { cookie: who, origin: base, 'content-type': 'application/json', prefer: 'respond-async' }, body: JSON.stringify(body) }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
    const image = (await post('/api/ai-influencer/image', { prompt: 'a smiling sailor on a wooden boat', size: '640x720' })).body as unknown as InfluencerImageResponse;
    const job = (await post(`/api/ai-influencer/video?projectId=${image.id}`, { image: image.url })).body as { predictionId: string };
    for (let state = ''; state !== 'succeeded'; await new Promise((resolve) => setTimeout(resolve, 250))) {
      state = ((await (await fetch(`${base}/api/jobs/${job.predictionId}`, { headers: { cookie } })).json()) as { status: string }).status;
      if (['failed', 'canceled'].includes(state)) throw new Error(`the clip ended ${state}`);
    }
    expect((await post(`/api/ai-influencer/projects/${image.id}/publish`, { consent: true, name: 'Sailor Sam' })).status).toBe(200);
    const publicClip = `${base}/api/media/community/${image.id}/video-v1.mp4`;
    expect((await fetch(publicClip)).status).toBe(200);
    expect((await fetch(`${base}${image.url}`, { headers: { cookie } })).status).toBe(200);
    const actor = await uploadOwnActor(cookie);
    const othersAudio = `users/${other.user.id}/audio/kept.mp3`;
    await storage.put(othersAudio, Buffer.from('still here'), 'audio/mpeg');
    await services[3].client.send(Subjects.content.mailPreferencesSet, { userId: user.id, videoReady: false });

    const remove = (body: unknown) => fetch(`${base}/api/account`, { method: 'DELETE', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unconfirmed = await remove({ confirm: 'yes' });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ message: 'Type DELETE to confirm.' });
    expect((await fetch(`${base}/api/auth/user`, { headers: { cookie } })).status).toBe(200);

    const deleted = await remove({ confirm: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true, signOutUrl: expect.stringMatching(/\/session\/end\?/) as unknown });
    expect(deleted.headers.get('set-cookie')).toMatch(/^lipcast\.sid=;|Expires=Thu, 01 Jan 1970/);

    // Every session ended, this one and the other device's.
    for (const session of [cookie, otherDevice]) expect((await fetch(`${base}/api/auth/user`, { headers: { cookie: session } })).status).toBe(401);
    expect((await database.query("select 1 from gateway.session where data->>'userId' = $1", [user.id])).rowCount).toBe(0);
    // Media and community copies answer 404; nothing is left in the store.
    expect((await fetch(`${base}${image.url}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(publicClip)).status).toBe(404);
    expect(await storage.list(`users/${user.id}/`)).toEqual([]);
    expect(await storage.list(`community/${image.id}/`)).toEqual([]);
    // The uploaded footage went, and so did the consent recorded for it.
    expect((await fetch(`${base}${actor.url}`, { headers: { cookie } })).status).toBe(404);
    expect((await database.query('select 1 from generation.own_actor where user_id = $1 union all select 1 from generation.likeness_consent where user_id = $1', [user.id])).rowCount).toBe(0);
    const gallery = (await (await fetch(`${base}/api/ai-influencer/gallery`)).json()) as { id: number }[];
    expect(gallery.some((item) => item.id === image.id)).toBe(false);
    await expect(services[0].client.send(Subjects.auth.userGet, { id: user.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await database.query('select 1 from content.mail_preference where user_id = $1', [user.id])).rowCount).toBe(0);
    // Someone else's account is untouched.
    expect((await fetch(`${base}/api/auth/user`, { headers: { cookie: other.cookie } })).status).toBe(200);
    expect(await storage.stat(othersAudio)).not.toBeNull();
  });

  it("a deletion refuses the user's API keys and other sessions from its first step, even when a later step fails", async () => {
    const subject = `halfway-${randomBytes(4).toString('hex')}`;
    const user = await services[0].client.send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject, username: 'halfway' });
    const cookie = await signedIn(user.id);
    const otherDevice = await signedIn(user.id);
    const { key } = await services[0].client.send(Subjects.auth.apiKeysCreate, { userId: user.id, name: 'script', scopes: ['videos:read'] });
    const { jobId } = await services[1].client.send(Subjects.billing.creditsReserve, { userId: user.id, jobId: `halfway-${subject}` });
    await services[1].client.send(Subjects.billing.creditsCommit, { jobId });
    const withKey = () => fetch(`${base}/api/v1/videos`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.status);
    const asOtherDevice = () => fetch(`${base}/api/auth/user`, { headers: { cookie: otherDevice } }).then((response) => response.status);
    expect([await withKey(), await asOtherDevice()]).toEqual([200, 200]);
    const remove = () => fetch(`${base}/api/account`, { method: 'DELETE', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) });

    // Content is down: the deletion stops after generation and billing, before auth removes the user.
    const content = services.splice(3, 1)[0];
    await content.close();
    try {
      expect((await remove()).status).toBeGreaterThanOrEqual(500);
      // The user is only half deleted, yet neither the key nor another device gets in.
      expect([await withKey(), await asOtherDevice()]).toEqual([401, 401]);
      // Nor can the identity sign in again while the deletion is under way.
      await expect(services[0].client.send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject, username: 'halfway' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    } finally {
      services.splice(3, 0, await startServiceForTest(contentService));
    }
    // Retried, it finishes.
    expect((await remove()).status).toBe(200);
    expect([await withKey(), await asOtherDevice()]).toEqual([401, 401]);
    // The free generation used stays counted, though billing, anonymised by the first attempt, counted none at the retry.
    expect(await keptOf('https://idp.test', subject)).toEqual([expect.objectContaining({ free_used: 1 })]);
  });

  it('the deletion answers the same end-session address Logout redirects to, so the next Log in asks who signs in', async () => {
    const { user } = await newUser('signed-out');
    const idToken = 'the-id-token-of-this-sign-in';
    const loggingOut = await signedIn(user.id);
    const deleting = await signedCookieWithToken(user.id, idToken);
    const logout = await fetch(`${base}/api/logout`, { redirect: 'manual', headers: { cookie: await signedCookieWithToken(user.id, idToken), 'sec-fetch-site': 'same-origin' } });
    expect(logout.status).toBe(302);
    const endSession = logout.headers.get('location')!;
    expect(endSession.startsWith(`${issuerUrl}/session/end?`)).toBe(true);
    expect(new URL(endSession).searchParams.get('id_token_hint')).toBe(idToken);

    const deleted = await fetch(`${base}/api/account`, { method: 'DELETE', headers: { cookie: deleting, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true, signOutUrl: endSession });
    expect((await fetch(`${base}/api/auth/user`, { headers: { cookie: loggingOut } })).status).toBe(401);
  });

  it('deleting the account and signing up again does not renew the free generations: only a keyed hash of the identity stays, with the count', async () => {
    const identity = { issuer: 'https://idp.test', subject: `returning-${randomBytes(4).toString('hex')}` };
    const signUp = async () => {
      const user = await services[0].client.send(Subjects.auth.userUpsert, { ...identity, username: 'returning', email: 'returning@example.com', firstName: 'Rita' });
      return { user, cookie: await signedIn(user.id) };
    };
    const reserve = (userId: string) => services[1].client.send(Subjects.billing.creditsReserve, { userId, jobId: `job-${randomBytes(6).toString('hex')}` });
    /** A generation made to the end (reserve, then commit), as a finished video spends it. */
    const generate = async (userId: string) => services[1].client.send(Subjects.billing.creditsCommit, { jobId: (await reserve(userId)).jobId });
    const accountOf = async (cookie: string) => ((await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json()) as { id: string; generationsCount: number });
    const deleteAccount = (cookie: string) => fetch(`${base}/api/account`, { method: 'DELETE', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) });
    const fingerprint = fingerprintOf(identity.issuer, identity.subject);
    const kept = () => keptOf(identity.issuer, identity.subject);

    const first = await signUp();
    await generate(first.user.id);
    await generate(first.user.id);
    expect((await deleteAccount(first.cookie)).status).toBe(200);

    // The row holds the keyed hash and the count: no issuer, subject, e-mail, name or user id in clear.
    const [row] = await kept();
    expect(Object.keys(row).sort()).toEqual(['deleted_at', 'free_used', 'identity_hash']);
    expect(row).toMatchObject({ identity_hash: fingerprint, free_used: 2 });
    const stored = JSON.stringify(row);
    for (const value of [identity.issuer, identity.subject, 'returning', 'Rita', first.user.id]) expect({ value, stored: stored.includes(value) }).toEqual({ value, stored: false });

    // The same identity signs up again: a new user, who has 1 free generation left, not 3.
    const second = await signUp();
    expect(second.user.id).not.toBe(first.user.id);
    expect(await accountOf(second.cookie)).toMatchObject({ id: second.user.id, generationsCount: 2 });
    expect(await reserve(second.user.id)).toMatchObject({ source: 'free' });
    await expect(reserve(second.user.id)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired, details: { limit: 3 } });

    // Another identity is unaffected: its 3 free generations.
    const other = await newUser('first-timer');
    expect(await accountOf(other.cookie)).toMatchObject({ generationsCount: 0 });
    for (let index = 0; index < 3; index++) expect(await reserve(other.user.id)).toMatchObject({ source: 'free' });

    // Deleted again, the count is what both accounts used together; the next account has none left.
    expect((await deleteAccount(second.cookie)).status).toBe(200);
    expect(await kept()).toEqual([expect.objectContaining({ free_used: 3 })]);
    const third = await signUp();
    await expect(reserve(third.user.id)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired });
  });

  async function signedCookieWithToken(userId: string, idToken: string): Promise<string> {
    signedInUsers.push(userId);
    return signedInCookie(database, SESSION_SECRET, userId, { idToken });
  }
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
