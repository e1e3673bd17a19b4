/* eslint-disable @nx/enforce-module-boundaries -- the restore test runs every service and the gateway's session store, as a restored site would */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import type { SessionData } from 'express-session';
import { Client } from 'minio';
import pg from 'pg';
import { actorClipKey, mediaUrl, Subjects, type Account, type AuthUser, type BlogPostDetail, type JobState, type ListPostsResponse, type Project, type RequestOf, type ServiceName, type Subject } from '@lipcast/contracts';
import { MediaServiceSettings, readEnv, runMigrations, startServiceForTest, StorageService, type RunningService, type ServiceDefinition } from '@lipcast/nest-kit';
import { ormConfig as gatewayOrmConfig } from '../../gateway/src/mikro-orm.config';
import { PgSessionStore } from '../../gateway/src/session/pg-session-store';
import { authService } from '../../services/auth/src/service';
import { billingService } from '../../services/billing/src/service';
import { contentService } from '../../services/content/src/service';
import { generationService } from '../../services/generation/src/service';
import { seedActorClip } from '../../services/generation/src/testing';
import { databaseName, ensureDatabase, withDatabase } from '../lib/infra';
import { pollUntil } from '../lib/poll';
import { BucketSide } from './mirror-objects';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
const ACTOR_ID = 'ipfs-puppet-video-2';
const settings = readEnv(MediaServiceSettings);
const baseName = databaseName(settings.DATABASE_URL);
/** The site's database: made, dumped, dropped, restored under the same name. Never the run's own database. */
const siteUrl = withDatabase(settings.DATABASE_URL, `${baseName}_site`);
const billingOnlyUrl = withDatabase(settings.DATABASE_URL, `${baseName}_site_billing`);
const contentOnlyUrl = withDatabase(settings.DATABASE_URL, `${baseName}_site_content`);
const BUCKET = 'lipcast-backup-site';
const siteEnv = { DATABASE_URL: siteUrl, S3_BUCKET: BUCKET };

jest.setTimeout(120_000);

/** The scripts as an operator runs them, with the site's database and bucket. */
function script(name: 'backup.sh' | 'restore.sh', args: string[], env: Record<string, string> = siteEnv) {
  return run('bash', [join(ROOT, 'deploy/backup', name), ...args], { env: { ...process.env, NODE: process.execPath, ...env }, timeout: 60_000 });
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const siteBucket = () => new BucketSide({ endpoint: settings.S3_ENDPOINT, accessKey: settings.S3_ACCESS_KEY, secretKey: settings.S3_SECRET_KEY }, BUCKET);

/** Every object of the site's bucket: key → content type and SHA-256 of the bytes. */
async function bucketContents(): Promise<Record<string, { contentType: string; sha256: string }>> {
  const bucket = siteBucket();
  const contents: Record<string, { contentType: string; sha256: string }> = {};
  for (const key of [...(await bucket.list()).keys()].sort()) {
    const { body, entry } = await bucket.read(key);
    contents[key] = { contentType: entry.contentType, sha256: createHash('sha256').update(await buffer(body)).digest('hex') };
  }
  return contents;
}

/** Deletes the site's bucket and everything in it: the "lost" object store. */
async function dropBucket(): Promise<void> {
  const endpoint = new URL(settings.S3_ENDPOINT);
  const client = new Client({ endPoint: endpoint.hostname, port: Number(endpoint.port), useSSL: false, accessKey: settings.S3_ACCESS_KEY, secretKey: settings.S3_SECRET_KEY, pathStyle: true });
  if (!(await client.bucketExists(BUCKET))) return;
  for (const key of (await siteBucket().list()).keys()) await client.removeObject(BUCKET, key);
  await client.removeBucket(BUCKET);
}

/** The databases this test makes beside the run's own. */
async function dropDatabases(): Promise<void> {
  for (const url of [siteUrl, billingOnlyUrl, contentOnlyUrl]) await query(withDatabase(settings.DATABASE_URL, 'postgres'), `drop database if exists ${databaseName(url)} with (force)`);
}

const sessionStore = (pool: pg.Pool) => new PgSessionStore(pool, 3_600_000);
const sessionGet = (store: PgSessionStore, sid: string) => new Promise<SessionData | null | undefined>((resolve, reject) => store.get(sid, (error, data) => (error ? reject(error) : resolve(data))));

describe('backup and restore: dump, drop, restore into a fresh database and bucket, read the same data back', () => {
  let folder: string;
  /** The services running now, by name (in-process, as the services' own tests start them). */
  const running = new Map<string, RunningService>();
  const start = async (service: ServiceDefinition, env = siteEnv) => {
    const started = await startServiceForTest(service, env);
    running.set(service.name, started);
    return started;
  };
  const startSite = async () => {
    for (const service of [authService, billingService, contentService, generationService]) await start(service);
  };
  const stopAll = async () => {
    for (const service of [...running.values()].reverse()) await service.close();
    running.clear();
  };
  const send = <S extends Subject>(service: ServiceName, subject: S, data: RequestOf<S>) => running.get(service)!.client.send(subject, data, 60_000);

  /** What the site holds, read through the services' NATS APIs, the gateway's session store and the bucket. */
  interface SiteData {
    user: AuthUser;
    account: Account;
    projects: Project[];
    job: JobState;
    post: BlogPostDetail;
    posts: ListPostsResponse;
    subscribers: { email: string }[];
    session: SessionData | null | undefined;
    objects: Record<string, { contentType: string; sha256: string }>;
  }
  let before: SiteData;
  let userId: string;
  const sid = `backup-test-${Date.now()}`;

  async function readSite(): Promise<SiteData> {
    const pool = new pg.Pool({ connectionString: siteUrl, max: 1 });
    try {
      const [job] = await query<{ id: string }>(siteUrl, 'select id from generation.job where user_id = $1', [userId]);
      return {
        user: await send('auth', Subjects.auth.userGet, { id: userId }),
        account: await send('billing', Subjects.billing.accountGet, { userId }),
        projects: await send('generation', Subjects.generation.projectsList, { userId }),
        job: await send('generation', Subjects.generation.jobGet, { userId, jobId: job.id }),
        post: await send('content', Subjects.content.postsGet, { slug: 'restored-after-a-mistake' }),
        posts: await send('content', Subjects.content.postsList, { published: true }),
        subscribers: await query<{ email: string }>(siteUrl, 'select email from content.newsletter_subscriber order by id'),
        session: await sessionGet(sessionStore(pool), sid),
        objects: await bucketContents(),
      };
    } finally {
      await pool.end();
    }
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'lipcast-backup-'));
    await dropDatabases();
    await ensureDatabase(siteUrl);
    await dropBucket();
    const storage = new StorageService({ ...settings, S3_BUCKET: BUCKET });
    await seedActorClip(storage, ACTOR_ID, folder);
    await runMigrations(gatewayOrmConfig(siteUrl));
    await startSite();

    // Real data, made the way the product makes it: a user, their speech and lip-sync video (history
    // item, job, credit), pack credits, a blog post, a newsletter subscriber and a signed-in session.
    const user = await send('auth', Subjects.auth.userUpsert, { issuer: 'https://issuer.backup.test', subject: 'ada', username: 'ada', email: 'ada@lipcast.local' });
    userId = user.id;
    const audio = await send('generation', Subjects.generation.audioCreate, { userId, text: 'Backups keep every word.', voice_id: 'Friendly_Person' });
    const started = await send('generation', Subjects.generation.lipsyncStart, { userId, video: mediaUrl(actorClipKey(ACTOR_ID)), audio: audio.url });
    await pollUntil(async () => ['succeeded', 'failed', 'canceled'].includes((await send('generation', Subjects.generation.jobGet, { userId, jobId: started.id })).status), 60_000);
    await query(siteUrl, 'update billing.account set pack_credits = 7 where user_id = $1', [userId]);
    await query(
      siteUrl,
      `insert into content.blog_post (title, slug, excerpt, body, author, published_at) values ('Restored', 'restored-after-a-mistake', 'It came back.', 'Every word of it.', 'Ops', now() - interval '1 hour')`,
    );
    await send('content', Subjects.content.newsletterSubscribe, { email: 'reader@lipcast.local' });
    const pool = new pg.Pool({ connectionString: siteUrl, max: 1 });
    const cookie = { originalMaxAge: 3_600_000, expires: new Date(Date.now() + 3_600_000), httpOnly: true, path: '/' };
    await new Promise<void>((resolve, reject) => sessionStore(pool).set(sid, { cookie, userId } as unknown as SessionData, (error) => (error ? reject(error) : resolve())));
    await pool.end();

    before = await readSite();
    await stopAll();
  }, 120_000);

  afterAll(async () => {
    try {
      await stopAll();
      await dropDatabases();
      await dropBucket();
    } finally {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });

  it('made real data: a finished lip-sync with its credit, pack credits, a post, a session, media', () => {
    expect(before.job).toMatchObject({ status: 'succeeded' });
    expect(before.account).toMatchObject({ generationsCount: 1, extraGenerations: 7 });
    expect(before.projects).toHaveLength(1);
    expect(before.projects[0].outputUrl).toBe(before.job.url);
    expect(before.session).toMatchObject({ userId });
    expect(before.subscribers).toEqual([{ email: 'reader@lipcast.local' }]);
    const keys = Object.keys(before.objects);
    expect(keys).toEqual(expect.arrayContaining([actorClipKey(ACTOR_ID), before.job.url!.replace('/api/media/', '')]));
    expect(before.objects[actorClipKey(ACTOR_ID)].contentType).toBe('video/mp4');
  });

  it('backs up the database (pg_dump, custom format) and mirrors the bucket; a second run copies nothing new', async () => {
    const first = await script('backup.sh', [join(folder, 'site')]);
    expect(first.stdout).toMatch(/\[backup\] database → .*database\.dump/);
    expect(first.stdout).toMatch(new RegExp(`${Object.keys(before.objects).length} copied`));
    expect(existsSync(join(folder, 'site/database.dump'))).toBe(true);
    const index = JSON.parse(await readFile(join(folder, 'site/objects.json'), 'utf8'));
    expect(Object.keys(index).sort()).toEqual(Object.keys(before.objects));

    const second = await script('backup.sh', [join(folder, 'site')]);
    expect(second.stdout).toMatch(new RegExp(`0 copied \\(0 bytes\\), ${Object.keys(before.objects).length} unchanged`));
  });

  it('after the database and the bucket are dropped, restores both and every service reads the same data', async () => {
    await query(withDatabase(settings.DATABASE_URL, 'postgres'), `drop database ${baseName}_site with (force)`);
    await dropBucket();
    const restored = await script('restore.sh', [join(folder, 'site')]);
    expect(restored.stdout).toContain(`created database ${baseName}_site`);

    // The migration history came back too: the release's migrate step has nothing to do.
    for (const config of [gatewayOrmConfig, authService.ormConfig, billingService.ormConfig, contentService.ormConfig, generationService.ormConfig]) {
      expect(await runMigrations(config(siteUrl))).toEqual([]);
    }
    await startSite();
    expect(await readSite()).toEqual(before);
  });

  it('keeps working after the restore: new rows take new ids (sequences restored)', async () => {
    await send('generation', Subjects.generation.audioCreate, { userId, text: 'Still here after the restore.', voice_id: 'Friendly_Person' });
    const projects = await send('generation', Subjects.generation.projectsList, { userId });
    expect(projects).toHaveLength(2);
    expect(new Set(projects.map((project) => project.id)).size).toBe(2);
    expect(Math.max(...projects.map((project) => project.id))).toBeGreaterThan(before.projects[0].id);
  });

  it('refuses to restore over a database that already holds the schemas', async () => {
    await expect(script('restore.sh', ['--no-objects', join(folder, 'site')])).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds schema(s) auth billing content gateway generation'),
    });
  });

  it('dumps one schema alone and restores it alone into another database', async () => {
    const account = await send('billing', Subjects.billing.accountGet, { userId });
    await stopAll();
    await script('backup.sh', ['--schema', 'billing', '--no-objects', join(folder, 'billing')]);
    expect(existsSync(join(folder, 'billing/schema-billing.dump'))).toBe(true);
    await script('restore.sh', [join(folder, 'billing')], { DATABASE_URL: billingOnlyUrl, S3_BUCKET: BUCKET });
    const schemas = await query<{ nspname: string }>(billingOnlyUrl, `select nspname from pg_namespace where nspname in ('gateway', 'auth', 'billing', 'content', 'generation')`);
    expect(schemas.map((row) => row.nspname)).toEqual(['billing']);
    const billing = await start(billingService, { DATABASE_URL: billingOnlyUrl, S3_BUCKET: BUCKET });
    expect(await billing.client.send(Subjects.billing.accountGet, { userId })).toEqual(account);
    expect(account).toMatchObject({ generationsCount: 1, extraGenerations: 7 });
  });

  it('restores one schema out of the whole-database dump', async () => {
    await stopAll();
    await script('restore.sh', ['--schema', 'content', '--no-objects', join(folder, 'site')], { DATABASE_URL: contentOnlyUrl, S3_BUCKET: BUCKET });
    const schemas = await query<{ nspname: string }>(contentOnlyUrl, `select nspname from pg_namespace where nspname in ('gateway', 'auth', 'billing', 'content', 'generation')`);
    expect(schemas.map((row) => row.nspname)).toEqual(['content']);
    expect(await runMigrations(contentService.ormConfig(contentOnlyUrl))).toEqual([]);
    const content = await start(contentService, { DATABASE_URL: contentOnlyUrl, S3_BUCKET: BUCKET });
    expect(await content.client.send(Subjects.content.postsGet, { slug: 'restored-after-a-mistake' })).toEqual(before.post);
  });
});
