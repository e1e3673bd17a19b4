/**
 * The same PostgreSQL read, (a) through gateway → NATS → content service → PostgreSQL and (b) by a
 * bare Node HTTP handler querying PostgreSQL directly, under the same load on loopback.
 */
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { Browser } from '../lib/browser.ts';
import { freePort } from '../lib/infra.ts';
import { startIsolatedStack } from '../lib/stack.ts';

export const CONNECTIONS = 50;
export const DURATION_SECONDS = 10;
const POSTS = 30;
const PAGE_SIZE = 12;

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, seconds = DURATION_SECONDS, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Published posts to read, so the blog list has a page to answer. */
export async function seedPosts(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let index = 1; index <= POSTS; index += 1) {
      await client.query(
        `insert into content.blog_post (title, slug, excerpt, body, author, published_at, created_at)
         values ($1, $2, $3, $4, $5, now() - make_interval(hours => $6), now() - make_interval(hours => $6))`,
        [`Benchmark post ${index}`, `benchmark-post-${index}`, 'An excerpt of a benchmark post.', 'Body text.', 'Lipcast', index],
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * The content service's page query (services/content/src/posts/posts.service.ts), restated here
 * because tools never import a service; the run checks both answers list the same posts.
 */
const PAGE_SQL = `
  select id, title, slug, excerpt, featured_image, author, published_at, created_at, count(*) over() as total
  from content.blog_post
  where (not $1::boolean or (published_at is not null and published_at <= now()))
  order by published_at desc nulls last, created_at desc, id desc
  limit $2 offset $3`;

/** The bare handler answers the same query for page 1, as directly as Node allows. */
async function startDirectServer(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = createServer(async (_request, response) => {
    const { rows } = await pool.query(PAGE_SQL, [true, PAGE_SIZE, 0]);
    response.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(rows[0]?.total ?? 0) });
    response.end(JSON.stringify(rows));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/posts`, stop: async () => { server.close(); await pool.end(); } };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Signs a bench user in through the stack's development identity provider; answers the session cookie. */
/** Signs `username` in through the embedded identity provider; answers the session cookie. */
export async function signedInCookie(base: string, username = 'bench'): Promise<string> {
  const browser = new Browser();
  const login = await browser.visit(`${base}/api/login`);
  const action = /<form[^>]*action="([^"]+)"/.exec(login.html)?.[1];
  if (!action) throw new Error(`No sign-in form at the identity provider (status ${login.status})`);
  await browser.visit(new URL(action.replaceAll('&amp;', '&'), login.url).href, { username });
  const session = browser.cookie('lipcast.sid');
  if (!session) throw new Error('Signing in gave no session');
  return `lipcast.sid=${session}`;
}

export async function gatewayVersusDirect(): Promise<void> {
  const stack = await startIsolatedStack('bench', { env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' } });
  const databaseUrl = stack.env.DATABASE_URL;
  const direct = await startDirectServer(databaseUrl);
  try {
    await seedPosts(databaseUrl);
    const gatewayUrl = `${stack.url}/api/blog/posts?published=true`;
    const slugs = async (url: string) => ((await (await fetch(url)).json()) as { slug: string }[]).map((post) => post.slug).join();
    if ((await slugs(gatewayUrl)) !== (await slugs(direct.url))) throw new Error('The two paths do not answer the same read');
    console.log(`\n[bench] same PostgreSQL read, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (after a 2 s warm-up)`);
    await load(gatewayUrl, 2);
    const viaGateway = await load(gatewayUrl);
    await load(direct.url, 2);
    const bare = await load(direct.url);
    // The signed-in read: the session from PostgreSQL, the user from auth and billing over NATS (kept for a moment per user).
    const cookie = await signedInCookie(stack.url);
    await load(`${stack.url}/api/auth/user`, 2, { cookie });
    const signedIn = await load(`${stack.url}/api/auth/user`, DURATION_SECONDS, { cookie });
    const ratio = viaGateway.requestsPerSecond / bare.requestsPerSecond;
    const p99Ratio = viaGateway.p99 / bare.p99;
    const signedInShare = signedIn.requestsPerSecond / viaGateway.requestsPerSecond;
    const row = (name: string, r: LoadResult) =>
      `  ${name.padEnd(36)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${ms(r.p50).padStart(9)}   p99 ${ms(r.p99).padStart(9)}   errors ${r.errors + r.non2xx}`;
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(row('(a) gateway → NATS → service → PG', viaGateway));
    console.log(row('(b) bare Node handler → PG', bare));
    console.log(row('(c) signed-in GET /api/auth/user', signedIn));
    console.log(`  ratio a/b: ${ratio.toFixed(2)}   (target ≥ 0.50: ${verdict(ratio >= 0.5)})`);
    console.log(`  p99 a/b: ${p99Ratio.toFixed(2)}×   (target ≤ 2.5×: ${verdict(p99Ratio <= 2.5)})`);
    console.log(`  signed-in c/a: ${signedInShare.toFixed(2)}   (target ≥ 0.60: ${verdict(signedInShare >= 0.6)})`);
    console.log('  (a) is answered from the public-read cache (PUBLIC_READ_CACHE_SECONDS=5) after the rate limiter, headers and logging');
    console.log('  (c) reads the session from PostgreSQL on every request (its expiry is rolled at most once per SESSION_TOUCH_INTERVAL_SECONDS);');
    console.log('      the user and account answer is kept 2 s per user (gateway/src/auth/current-users.ts), dropped when that user\'s own signed-in requests end');
  } finally {
    await direct.stop();
    await stack.stop();
  }
}
