/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import {
  Subjects, type AdminAuditEntry, type AdminGalleryReport, type AdminJobDetail, type AdminJobList, type AdminNewsletterIssueList, type AdminNewsletterSending, type AdminPost, type AdminQueueState, type AdminUserAccount, type AdminUserSummary,
  type AuthUser, type InfluencerImageResponse, type JobState,
} from '@lipcast/contracts';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { contentService } from '../../../services/content/src/service';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../create-app';
import { ormConfig } from '../mikro-orm.config';
import { GatewaySettings } from '../settings';
import { signedInCookie } from '../test-processes';
import type { SignedInAs } from './admin-role';
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
    return services[0].client.send<AuthUser>(Subjects.auth.userUpsert, { issuer: ISSUER, subject, username: `${name}-${randomBytes(3).toString('hex')}`, email: `${name}@example.com` });
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
      'GET /api/admin/queue', 'GET /api/admin/users', 'GET /api/admin/users/:id', 'POST /api/admin/gallery/:influencerId/withdraw', 'POST /api/admin/jobs/:id/cancel',
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

  it('lists reported gallery items and withdraws one: out of the gallery, its public copies gone', async () => {
    const user = await newUser('model');
    const cookie = await signedInCookie(database, SESSION_SECRET, user.id);
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
    expect((await call('POST', `/api/ai-influencer/projects/${image.id}/publish`, cookie, { consent: true, name: 'Baker Bea' })).status).toBe(200);
    expect((await call('POST', `/api/ai-influencer/gallery/${image.id}/report`, null, { reason: 'impersonation' })).status).toBe(200);
    const publicClip = `/api/media/community/${image.id}/video-v1.mp4`;
    expect((await fetch(`${base}${publicClip}`, { redirect: 'manual' })).status).not.toBe(404);

    const reports = (await call<AdminGalleryReport[]>('GET', '/api/admin/gallery/reports', adminCookie)).body;
    expect(reports.find((report) => report.influencerId === String(image.id))).toEqual({
      influencerId: String(image.id), name: 'Baker Bea', ownerId: user.id, videoUrl: publicClip, reports: 1, lastReason: 'impersonation', lastReportedAt: expect.any(String), published: true,
    });

    const withdrawn = await call('POST', `/api/admin/gallery/${image.id}/withdraw`, adminCookie);
    expect(withdrawn).toEqual({ status: 200, body: { withdrawn: true } });
    expect((await fetch(`${base}${publicClip}`, { redirect: 'manual' })).status).toBe(404);
    expect((await call<{ id: number }[]>('GET', '/api/ai-influencer/gallery', null)).body.some((item) => item.id === image.id)).toBe(false);
    expect((await call<{ isApproved: boolean }>('GET', `/api/ai-influencer/projects/${image.id}`, cookie)).body.isApproved).toBe(false);
    expect((await call('POST', '/api/admin/gallery/999999999/withdraw', adminCookie)).status).toBe(404);
    expect((await auditOf('gallery.withdraw', String(image.id)))[0]).toMatchObject({ operatorId: operator.id, operatorName: operator.username });
  });

  it("shows the queue, lists and details any user's jobs, cancels one and retries it as a new job with a credit reserved again", async () => {
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
    expect(detail).toMatchObject({ id: jobId, userId: user.id, kind: 'image_to_video', status: 'canceled', reservation: { status: 'released', source: 'free' }, traceId: null });
    expect(detail.timeline[0].type).toBe('queued');
    expect(detail.timeline.map((event) => event.type)).toContain('canceled');

    const retried = await call<JobState>('POST', `/api/admin/jobs/${jobId}/retry`, adminCookie);
    expect(retried.status).toBe(200);
    expect(retried.body.id).not.toBe(jobId);
    expect(['queued', 'running', 'succeeded']).toContain(retried.body.status);
    const retryDetail = (await call<AdminJobDetail>('GET', `/api/admin/jobs/${retried.body.id}`, adminCookie)).body;
    expect(retryDetail).toMatchObject({ userId: user.id, kind: 'image_to_video', reservation: { source: 'free' } });
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

    // Only a failed or cancelled job can be retried.
    const again = await call<{ message: string }>('POST', `/api/admin/jobs/${retried.body.id}/retry`, adminCookie);
    expect(again.status).toBe(409);
    const stopped = await call<JobState>('POST', `/api/admin/jobs/${retried.body.id}/cancel`, adminCookie);
    expect([200, 409]).toContain(stopped.status);

    expect((await auditOf('job.cancel', jobId))[0]).toMatchObject({ operatorId: operator.id, detail: { status: 'canceled' } });
    expect((await auditOf('job.retry', jobId))[0]).toMatchObject({ operatorId: operator.id, detail: { newJobId: retried.body.id } });
  });
});
