/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import {
  Subjects, type AdminAuditEntry, type AdminGalleryReport, type AdminJobDetail, type AdminJobList, type AdminNewsletterIssueList, type AdminNewsletterSending, type AdminPost, type AdminQueueState, type AdminUserAccount, type AdminUserSummary,
  IN_REVIEW_REASON, LIKENESS_CONSENT_TEXT, type AuthUser, type InfluencerImageResponse, type InfluencerProject, type JobState,
} from '@lipcast/contracts';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { contentService } from '../../../services/content/src/service';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { signedInCookie } from '../../../gateway/src/session/testing';
import type { SignedInAs } from '../../../gateway/src/admin/admin-role';
import { dataUrl, readFaceFixtures } from '../generation/testing';
import { adminRoutes, adminRouteStatuses, everyAdminRoute } from './testing';

jest.setTimeout(120_000);

const SESSION_SECRET = randomBytes(24).toString('hex');
const ISSUER = 'https://idp.test';
const OPERATOR_SUBJECT = `operator-${randomBytes(4).toString('hex')}`;
// The operator is named by issuer and subject, as production names operators.
const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET, RATE_LIMIT_STORE: 'memory', ADMIN_USERS: `${ISSUER}|${OPERATOR_SUBJECT}` });
const SLUG = `admin-int-${Date.now()}`;

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** The operator console's API: operators only, every write audited, each owner doing its part. */
describe('operator console (/api/admin)', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const storage = new StorageService(settings);
  const services: RunningService[] = [];
  let gateway: INestApplication;
  let base: string;
  let operator: AuthUser;
  let adminCookie: string;

  async function newUser(name: string, subject = `${name}-${randomBytes(4).toString('hex')}`): Promise<AuthUser> {
    return services[0].client.send(Subjects.auth.userUpsert, { issuer: ISSUER, subject, username: `${name}-${randomBytes(3).toString('hex')}`, email: `${name}@example.com` });
  }

  /** A session as the sign-in callback leaves it for `user` (subject `subject` at ISSUER), signed in just now. */
  const sessionOf = (user: AuthUser, subject: string) => {
    const signedInAs: SignedInAs = { issuer: ISSUER, subject, verifiedEmail: null, groups: [] };
    return signedInCookie(database, SESSION_SECRET, user.id, { signedInAs, signedInAt: Date.now(), username: user.username });
  };

  async function call<T = Record<string, unknown>>(method: string, path: string, cookie: string | null, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  const auditOf = async (action: string, target: string) =>
    (await call<AdminAuditEntry[]>('GET', '/api/admin/audit', adminCookie)).body.filter((entry) => entry.action === action && entry.target === target);

  beforeAll(async () => {
    await runMigrations(ormConfig(settings.DATABASE_URL));
    for (const service of [authService, billingService, generationService, contentService]) services.push(await startServiceForTest(service));
    await storage.ensureBucket();
    gateway = await createGateway(settings);
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    operator = await newUser('operator', OPERATOR_SUBJECT);
    adminCookie = await sessionOf(operator, OPERATOR_SUBJECT);
  });

  afterAll(async () => {
    await gateway?.close();
    for (const service of services.reverse()) await service.close();
    await database.query(`delete from content.blog_post where slug like $1 || '%'`, [SLUG]);
    await database.end();
  });

  it('answers 401 signed out and 403 without the admin role on every admin route the router knows', async () => {
    const routes = adminRoutes(gateway);
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(expect.arrayContaining([
      'GET /api/admin/audit', 'GET /api/admin/gallery/reports', 'GET /api/admin/jobs', 'GET /api/admin/jobs/:id', 'GET /api/admin/posts', 'GET /api/admin/posts/:id',
      'GET /api/admin/queue', 'GET /api/admin/users', 'GET /api/admin/users/:id', 'POST /api/admin/gallery/:influencerId/decision', 'POST /api/admin/jobs/:id/cancel',
      'POST /api/admin/jobs/:id/retry', 'POST /api/admin/posts', 'POST /api/admin/users/:id/credits', 'PUT /api/admin/posts/:id',
      'GET /api/admin/newsletter/issues', 'POST /api/admin/newsletter/issues', 'POST /api/admin/newsletter/issues/:id/resume',
    ]));
    const subject = `someone-${randomBytes(4).toString('hex')}`;
    const someone = await newUser('someone', subject);
    expect(await adminRouteStatuses(base, routes, null)).toEqual(everyAdminRoute(routes, 401));
    expect(await adminRouteStatuses(base, routes, await sessionOf(someone, subject))).toEqual(everyAdminRoute(routes, 403));
  });

  it('lists the roles of the signed-in user on GET /api/auth/user', async () => {
    expect((await call<{ roles: string[] }>('GET', '/api/auth/user', adminCookie)).body.roles).toEqual(['admin']);
    const someone = await newUser('plain');
    expect((await call<{ roles: string[] }>('GET', '/api/auth/user', await signedInCookie(database, SESSION_SECRET, someone.id))).body.roles).toEqual([]);
  });

  it("adjusts a user's extra generations in the ledger with the operator and reason, never below zero, and audits it", async () => {
    const user = await newUser('customer');
    const found = await call<AdminUserSummary[]>('GET', `/api/admin/users?query=${encodeURIComponent(user.username)}`, adminCookie);
    expect(found.body).toEqual([{ id: user.id, username: user.username, email: 'customer@example.com', createdAt: expect.any(String) }]);

    const jobId = randomUUID();
    const adjusted = await call<AdminUserAccount>('POST', `/api/admin/users/${user.id}/credits`, adminCookie, { delta: 2, reason: 'Refund of a failed lip-sync', jobId });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body).toMatchObject({ user: { id: user.id }, plan: 'Free', extraGenerations: 2, generationsLeft: 5 });
    expect(adjusted.body.ledger[0]).toEqual({ at: expect.any(String), type: 'adjustment', delta: 2, jobId, operator: operator.username, reason: 'Refund of a failed lip-sync' });
    const [row] = (await database.query('select pack_credits from billing.account where user_id = $1', [user.id])).rows;
    expect(row.pack_credits).toBe(2);
    const [ledgerRow] = (await database.query('select delta, reason, job_id, operator_id, operator_name from billing.credit_adjustment where user_id = $1', [user.id])).rows;
    expect(ledgerRow).toEqual({ delta: 2, reason: 'Refund of a failed lip-sync', job_id: jobId, operator_id: operator.id, operator_name: operator.username });
    // The user sees it on their next read.
    expect((await call<{ extraGenerations: number }>('GET', '/api/auth/user', await signedInCookie(database, SESSION_SECRET, user.id))).body.extraGenerations).toBe(2);

    const tooMuch = await call<{ message: string }>('POST', `/api/admin/users/${user.id}/credits`, adminCookie, { delta: -3, reason: 'Taking back too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('The user has 2 extra generations; no more than that can be taken back.');
    expect((await call('POST', `/api/admin/users/${user.id}/credits`, adminCookie, { delta: 1, reason: '  ' })).status).toBe(400);
    const taken = await call<AdminUserAccount>('POST', `/api/admin/users/${user.id}/credits`, adminCookie, { delta: -2, reason: 'Granted by mistake' });
    expect(taken.body.extraGenerations).toBe(0);
    expect((await call<AdminUserAccount>('GET', `/api/admin/users/${user.id}`, adminCookie)).body.ledger.map((entry) => [entry.type, entry.delta, entry.reason])).toEqual([
      ['adjustment', -2, 'Granted by mistake'],
      ['adjustment', 2, 'Refund of a failed lip-sync'],
    ]);

    const audit = await auditOf('credits.adjust', user.id);
    expect(audit.map((entry) => [entry.operatorId, entry.operatorName, entry.detail.delta, entry.detail.reason])).toEqual([
      [operator.id, operator.username, -2, 'Granted by mistake'],
      [operator.id, operator.username, 2, 'Refund of a failed lip-sync'],
    ]);
  });

  it('schedules, drafts and publishes posts: only a post whose time has come is public; a slug in use is 409', async () => {
    const post = (slug: string, publishedAt: string | null) => ({ title: `Post ${slug}`, slug, excerpt: 'Short', body: 'Long text', author: 'Ops', publishedAt });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call<AdminPost>('POST', '/api/admin/posts', adminCookie, post(`${SLUG}-later`, later));
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({ slug: `${SLUG}-later`, status: 'scheduled', publishedAt: later });
    const draft = await call<AdminPost>('POST', '/api/admin/posts', adminCookie, post(`${SLUG}-draft`, null));
    expect(draft.body.status).toBe('draft');
    const published = await call<AdminPost>('POST', '/api/admin/posts', adminCookie, post(`${SLUG}-now`, new Date(Date.now() - 1000).toISOString()));
    expect(published.body.status).toBe('published');

    expect((await call('GET', `/api/blog/posts/${SLUG}-later`, null)).status).toBe(404);
    expect((await call('GET', `/api/blog/posts/${SLUG}-draft`, null)).status).toBe(404);
    expect((await call('GET', `/api/blog/posts/${SLUG}-now`, null)).status).toBe(200);
    const publicList = (await call<{ slug: string }[]>('GET', '/api/blog/posts?pageSize=50', null)).body.map((item) => item.slug);
    expect(publicList).toContain(`${SLUG}-now`);
    expect(publicList).not.toContain(`${SLUG}-later`);
    expect(publicList).not.toContain(`${SLUG}-draft`);
    const adminList = (await call<{ posts: { slug: string; status: string }[] }>('GET', '/api/admin/posts', adminCookie)).body.posts;
    expect(adminList.filter((item) => item.slug.startsWith(SLUG)).map((item) => [item.slug, item.status]).sort()).toEqual([
      [`${SLUG}-draft`, 'draft'], [`${SLUG}-later`, 'scheduled'], [`${SLUG}-now`, 'published'],
    ]);

    const taken = await call<{ message: string }>('POST', '/api/admin/posts', adminCookie, post(`${SLUG}-now`, null));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`A post with the slug "${SLUG}-now" already exists; choose another slug.`);
    expect((await call('POST', '/api/admin/posts', adminCookie, { ...post('Not A Slug', null) })).status).toBe(400);

    // Publishing the scheduled one now.
    const edited = await call<AdminPost>('PUT', `/api/admin/posts/${scheduled.body.id}`, adminCookie, { ...post(`${SLUG}-later`, new Date(Date.now() - 1000).toISOString()), title: 'Out now' });
    expect(edited.body).toMatchObject({ id: scheduled.body.id, title: 'Out now', status: 'published' });
    expect((await call('GET', `/api/blog/posts/${SLUG}-later`, null)).status).toBe(200);
    expect((await call<AdminPost>('GET', `/api/admin/posts/${draft.body.id}`, adminCookie)).body).toMatchObject({ body: 'Long text', status: 'draft' });

    expect((await auditOf('post.create', String(published.body.id)))[0]).toMatchObject({ operatorId: operator.id, detail: { slug: `${SLUG}-now`, status: 'published' } });
    expect((await auditOf('post.update', String(scheduled.body.id)))[0]).toMatchObject({ operatorName: operator.username, detail: { status: 'published' } });
  });

  it('sends a newsletter issue in the background, audited; a finished issue is not resumed (409); a blank or too long subject is 400', async () => {
    const subject = `Issue ${SLUG}`;
    const sent = await call<AdminNewsletterSending>('POST', '/api/admin/newsletter/issues', adminCookie, { subject: `  ${subject} `, body: 'Hello readers.\n\nMore news.' });
    expect(sent).toEqual({ status: 201, body: { id: expect.any(Number), recipients: expect.any(Number) } });
    const listed = async () => (await call<AdminNewsletterIssueList>('GET', '/api/admin/newsletter/issues', adminCookie)).body;
    let issue = (await listed()).issues.find((candidate) => candidate.id === sent.body.id);
    for (const deadline = Date.now() + 15_000; !issue?.finishedAt && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      issue = (await listed()).issues.find((candidate) => candidate.id === sent.body.id);
    }
    expect(issue).toMatchObject({ subject, createdBy: operator.id, sentCount: sent.body.recipients, recipientCount: sent.body.recipients, finishedAt: expect.any(String) });
    expect(typeof (await listed()).confirmedSubscribers).toBe('number');
    expect((await auditOf('newsletter.send', String(sent.body.id)))[0]).toMatchObject({ operatorId: operator.id, detail: { subject, recipients: sent.body.recipients } });

    expect((await call('POST', `/api/admin/newsletter/issues/${sent.body.id}/resume`, adminCookie)).status).toBe(409);
    expect((await call('POST', '/api/admin/newsletter/issues/999999999/resume', adminCookie)).status).toBe(404);
    expect((await call('POST', '/api/admin/newsletter/issues', adminCookie, { subject: '  ', body: 'Text' })).status).toBe(400);
    expect((await call('POST', '/api/admin/newsletter/issues', adminCookie, { subject: 'x'.repeat(151), body: 'Text' })).status).toBe(400);
    expect((await call('POST', '/api/admin/newsletter/issues', adminCookie, { subject: 'Subject', body: 'x'.repeat(20_001) })).status).toBe(400);
  });

  it('moderation sticks: weighted reports put an item in review, its owner cannot republish it and appeals once, and only an operator restores or removes it, with a reason, audited', async () => {
    const owner = await newUser('model');
    const cookie = await signedInCookie(database, SESSION_SECRET, owner.id);
    const image = (await call<InfluencerImageResponse>('POST', '/api/ai-influencer/image', cookie, { prompt: 'a cheerful baker with flour on her apron', size: '640x720' })).body;
    const started = await fetch(`${base}/api/ai-influencer/video?projectId=${image.id}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ image: image.url }),
    });
    const { predictionId: clipJob } = (await started.json()) as { predictionId: string };
    for (let state = ''; state !== 'succeeded'; await new Promise((resolve) => setTimeout(resolve, 250))) {
      state = (await call<JobState>('GET', `/api/jobs/${clipJob}`, cookie)).body.status;
      if (['failed', 'canceled'].includes(state)) throw new Error(`the clip ended ${state}`);
    }
    const id = image.id;
    const publish = () => call<InfluencerProject>('POST', `/api/ai-influencer/projects/${id}/publish`, cookie, { consent: true, name: 'Baker Bea' });
    const own = async () => (await call<InfluencerProject>('GET', `/api/ai-influencer/projects/${id}`, cookie)).body;
    const inGallery = async () => (await call<InfluencerProject[]>('GET', '/api/ai-influencer/gallery', null)).body.some((item) => item.id === id);
    const listed = async () => (await call<AdminGalleryReport[]>('GET', '/api/admin/gallery/reports', adminCookie)).body.find((item) => item.influencerId === String(id));
    const report = async (cookieOrNull: string | null, reason = 'likeness') => (await call('POST', `/api/ai-influencer/gallery/${id}/report`, cookieOrNull, { reason })).status;
    const reporter = async (name: string) => signedInCookie(database, SESSION_SECRET, (await newUser(name)).id);
    const publicClip = `/api/media/community/${id}/video-v1.mp4`;
    expect((await publish()).status).toBe(200);

    // A signed-out address and three accounts made today weigh 1/3 each: still in the gallery.
    expect(await report(null, 'impersonation')).toBe(200);
    for (const name of ['fresh-a', 'fresh-b', 'fresh-c']) expect(await report(await reporter(name))).toBe(200);
    expect(await inGallery()).toBe(true);
    expect(await listed()).toMatchObject({ reports: 4, weightedReports: 1.33, state: 'visible', published: true, videoUrl: publicClip });

    // An account older than a day, and a paying one (pack credits), weigh 1 each: 1.33 + 2 ≥ 3, in review.
    const veteran = await newUser('veteran');
    await database.query(`update auth."user" set created_at = now() - interval '25 hours' where id = $1`, [veteran.id]);
    expect(await report(await signedInCookie(database, SESSION_SECRET, veteran.id))).toBe(200);
    expect(await inGallery()).toBe(true);
    const payer = await newUser('payer');
    expect((await call('POST', `/api/admin/users/${payer.id}/credits`, adminCookie, { delta: 1, reason: 'test pack' })).status).toBe(200);
    expect(await report(await signedInCookie(database, SESSION_SECRET, payer.id), 'offensive')).toBe(200);
    expect(await inGallery()).toBe(false);
    expect((await fetch(`${base}${publicClip}`, { redirect: 'manual' })).status).toBe(404);
    expect(await report(null)).toBe(404); // out of the gallery: nothing left to report

    // The owner reads why, cannot publish it back, and appeals once.
    expect(await own()).toMatchObject({ isApproved: false, moderation: { state: 'in_review', reason: IN_REVIEW_REASON, appealed: false } });
    expect(await publish()).toMatchObject({ status: 409, body: { message: 'This influencer is under review: it can be published again once an operator restores it.' } });
    expect((await call('POST', `/api/ai-influencer/projects/${id}/appeal`, cookie, { message: '  ' })).status).toBe(400);
    expect((await call('POST', `/api/ai-influencer/projects/${id}/appeal`, await reporter('stranger'), { message: 'Mine!' })).status).toBe(404);
    expect(await call('POST', `/api/ai-influencer/projects/${id}/appeal`, cookie, { message: 'This is my own face.' })).toMatchObject({ status: 200, body: { moderation: { state: 'in_review', appealed: true } } });
    expect(await call('POST', `/api/ai-influencer/projects/${id}/appeal`, cookie, { message: 'Again.' })).toMatchObject({ status: 409, body: { message: 'You have already appealed this decision: an operator will read it.' } });
    expect(await listed()).toMatchObject({ state: 'in_review', stateReason: IN_REVIEW_REASON, weightedReports: 3.33, appeal: 'This is my own face.', appealedAt: expect.any(String), lastReason: 'offensive', videoUrl: `/api/admin/gallery/${id}/video` });
    // The operator watches the owner's own copy there; nobody else does.
    const watched = await fetch(`${base}/api/admin/gallery/${id}/video`, { headers: { cookie: adminCookie }, redirect: 'manual' });
    expect([200, 302]).toContain(watched.status);
    await watched.body?.cancel();
    expect((await fetch(`${base}/api/admin/gallery/${id}/video`, { headers: { cookie: await reporter('curious') }, redirect: 'manual' })).status).toBe(403);

    // Only an operator decides, and always with a reason.
    const decide = (body: unknown, as = adminCookie) => call('POST', `/api/admin/gallery/${id}/decision`, as, body);
    expect((await decide({ decision: 'restore', reason: 'ok' }, cookie)).status).toBe(403);
    expect(await decide({ decision: 'restore' })).toMatchObject({ status: 400, body: { message: 'reason must be 3 to 500 characters' } });
    expect(await decide({ decision: 'restore', reason: '   ' })).toMatchObject({ status: 400, body: { message: 'reason is required' } });
    expect((await decide({ decision: 'hide', reason: 'Because.' })).status).toBe(400);
    expect((await call('POST', '/api/admin/gallery/999999999/decision', adminCookie, { decision: 'remove', reason: 'No such item.' })).status).toBe(404);

    // Restored: back in the gallery (its owner had published it); the reports before the decision no longer count.
    expect(await decide({ decision: 'restore', reason: 'Her own face, confirmed.' })).toEqual({ status: 200, body: { influencerId: String(id), state: 'visible' } });
    expect(await inGallery()).toBe(true);
    expect((await fetch(`${base}${publicClip}`, { redirect: 'manual' })).status).not.toBe(404);
    expect(await own()).toMatchObject({ isApproved: true, moderation: { state: 'visible', reason: 'Her own face, confirmed.', appealed: false } });
    expect(await listed()).toMatchObject({ state: 'visible', weightedReports: 0, reports: 6, appeal: null });
    expect(await report(await signedInCookie(database, SESSION_SECRET, veteran.id))).toBe(200); // reported before: counts nothing new
    expect(await listed()).toMatchObject({ weightedReports: 0 });

    // Removed: out of the gallery for good; the owner reads the reason, cannot publish or unpublish it back, and may appeal once.
    expect(await decide({ decision: 'remove', reason: 'Uses a celebrity likeness.' })).toEqual({ status: 200, body: { influencerId: String(id), state: 'removed' } });
    expect(await inGallery()).toBe(false);
    expect((await fetch(`${base}${publicClip}`, { redirect: 'manual' })).status).toBe(404);
    expect(await own()).toMatchObject({ isApproved: false, moderation: { state: 'removed', reason: 'Uses a celebrity likeness.', appealed: false } });
    expect(await publish()).toMatchObject({ status: 409, body: { message: 'This influencer was removed by an operator: Uses a celebrity likeness.' } });

    const decisions = (await call<AdminAuditEntry[]>('GET', '/api/admin/audit', adminCookie)).body.filter((entry) => entry.target === String(id) && entry.action.startsWith('gallery.'));
    expect(decisions.map((entry) => [entry.action, entry.detail])).toEqual([
      ['gallery.remove', { reason: 'Uses a celebrity likeness.', state: 'removed' }],
      ['gallery.restore', { reason: 'Her own face, confirmed.', state: 'visible' }],
    ]);
    expect(decisions[0]).toMatchObject({ operatorId: operator.id, operatorName: operator.username });
  });

  it("shows the queue, lists and details any user's jobs, cancels one and retries it as a new job (a free clip stays free)", async () => {
    const queue = await call<AdminQueueState>('GET', '/api/admin/queue', adminCookie);
    expect(queue.body.consumers.map((consumer) => consumer.name).sort()).toEqual(['generation-cpu-workers', 'generation-provider-workers']);
    expect(queue.body.workers).toBeGreaterThanOrEqual(1);

    const user = await newUser('creator');
    const cookie = await signedInCookie(database, SESSION_SECRET, user.id);
    const image = (await call<InfluencerImageResponse>('POST', '/api/ai-influencer/image', cookie, { prompt: 'a calm librarian with round glasses', size: '640x720' })).body;
    const started = await fetch(`${base}/api/ai-influencer/video?projectId=${image.id}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ image: image.url }),
    });
    const { predictionId: jobId } = (await started.json()) as { predictionId: string };

    const canceled = await call<JobState>('POST', `/api/admin/jobs/${jobId}/cancel`, adminCookie);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: jobId, status: 'canceled' });
    expect((await call<JobState>('GET', `/api/jobs/${jobId}`, cookie)).body.status).toBe('canceled');
    const detail = (await call<AdminJobDetail>('GET', `/api/admin/jobs/${jobId}`, adminCookie)).body;
    // The Creator's clip is a free preview: no credit is reserved for it.
    expect(detail).toMatchObject({ id: jobId, userId: user.id, kind: 'image_to_video', status: 'canceled', reservation: null, traceId: null });
    expect(detail.timeline[0].type).toBe('queued');
    expect(detail.timeline.map((event) => event.type)).toContain('canceled');

    const retried = await call<JobState>('POST', `/api/admin/jobs/${jobId}/retry`, adminCookie);
    expect(retried.status).toBe(200);
    expect(retried.body.id).not.toBe(jobId);
    expect(['queued', 'running', 'succeeded']).toContain(retried.body.status);
    const retryDetail = (await call<AdminJobDetail>('GET', `/api/admin/jobs/${retried.body.id}`, adminCookie)).body;
    expect(retryDetail).toMatchObject({ userId: user.id, kind: 'image_to_video', reservation: null });
    expect((await database.query('select job_id from generation.influencer_project where id = $1', [image.id])).rows[0].job_id).toBe(retried.body.id);
    expect(retryDetail.timeline).toContainEqual({ at: expect.any(String), type: 'retry of', detail: jobId });
    expect((await call<AdminJobDetail>('GET', `/api/admin/jobs/${jobId}`, adminCookie)).body.timeline).toContainEqual({ at: expect.any(String), type: 'retried by an operator', detail: retried.body.id });

    // Listed by user (name fragment) and kind, newest first, one per page with a cursor.
    const first = (await call<AdminJobList>('GET', `/api/admin/jobs?user=${encodeURIComponent(user.username)}&kind=image_to_video&limit=1`, adminCookie)).body;
    expect(first.jobs.map((job) => job.id)).toEqual([retried.body.id]);
    const second = (await call<AdminJobList>('GET', `/api/admin/jobs?user=${user.id}&limit=1&cursor=${first.nextCursor}`, adminCookie)).body;
    expect(second).toEqual({ jobs: [expect.objectContaining({ id: jobId, status: 'canceled' })], nextCursor: null });
    expect((await call<AdminJobList>('GET', `/api/admin/jobs?user=${user.id}&status=canceled`, adminCookie)).body.jobs.map((job) => job.id)).toEqual([jobId]);
    expect((await call('GET', '/api/admin/jobs?status=lost', adminCookie)).status).toBe(400);
    // A cursor this list never gave (a job id that is no id) is refused, not sent to the database.
    expect((await call('GET', `/api/admin/jobs?cursor=${Buffer.from('2026-01-01T00:00:00.000Z|not-a-job').toString('base64url')}`, adminCookie)).status).toBe(400);
    // A drawn portrait is no face the creator brought: no consent line. A clip of an uploaded picture shows its creator's consent.
    expect(detail).not.toHaveProperty('consents');
    const { man } = await readFaceFixtures('man');
    const uploaded = await fetch(`${base}/api/ai-influencer/video`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ image: dataUrl(man), consent: true }),
    });
    const { predictionId: uploadJob } = (await uploaded.json()) as { predictionId: string };
    const uploadDetail = (await call<AdminJobDetail>('GET', `/api/admin/jobs/${uploadJob}`, adminCookie)).body;
    expect(uploadDetail.consents).toEqual([{ id: expect.any(String), subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: expect.any(String), userId: user.id }]);
    expect((await call('POST', `/api/admin/jobs/${uploadJob}/cancel`, adminCookie)).status).toBe(200);
    // A job whose input lacks the fields (written by an older release, or by hand) is still shown, with no consent line.
    const bare = randomUUID();
    for (const kind of ['lipsync', 'image_to_video']) {
      const jobId = kind === 'lipsync' ? bare : randomUUID();
      await database.query(`insert into generation.job (id, user_id, kind, status, input, error, credit, attempts) values ($1, $2, $3, 'failed', '{}', 'Failed.', 'released', 1)`, [jobId, user.id, kind]);
      const bareDetail = await call<AdminJobDetail>('GET', `/api/admin/jobs/${jobId}`, adminCookie);
      expect(bareDetail).toMatchObject({ status: 200, body: { id: jobId, kind, status: 'failed' } });
      expect(bareDetail.body).not.toHaveProperty('consents');
    }

    // Only a failed or cancelled job can be retried.
    const again = await call<{ message: string }>('POST', `/api/admin/jobs/${retried.body.id}/retry`, adminCookie);
    expect(again.status).toBe(409);
    const stopped = await call<JobState>('POST', `/api/admin/jobs/${retried.body.id}/cancel`, adminCookie);
    expect([200, 409]).toContain(stopped.status);

    expect((await auditOf('job.cancel', jobId))[0]).toMatchObject({ operatorId: operator.id, detail: { status: 'canceled' } });
    expect((await auditOf('job.retry', jobId))[0]).toMatchObject({ operatorId: operator.id, detail: { newJobId: retried.body.id } });
  });
});
