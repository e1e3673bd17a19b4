/**
 * The same PostgreSQL read, (a) through gateway → NATS → content service → PostgreSQL and (b) by a
 * bare Node HTTP handler querying PostgreSQL directly, under the same load on loopback.
 */
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../lib/infra.ts';
import { startIsolatedStack } from '../lib/stack.ts';

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const POSTS = 30;
const PAGE_SIZE = 12;

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, seconds = DURATION_SECONDS): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function seedPosts(databaseUrl: string): Promise<void> {
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

const ms = (value: number) => `${value.toFixed(1)} ms`;

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
    const ratio = viaGateway.requestsPerSecond / bare.requestsPerSecond;
    const row = (name: string, r: LoadResult) =>
      `  ${name.padEnd(36)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${ms(r.p50).padStart(9)}   p99 ${ms(r.p99).padStart(9)}   errors ${r.errors + r.non2xx}`;
    console.log(row('(a) gateway → NATS → service → PG', viaGateway));
    console.log(row('(b) bare Node handler → PG', bare));
    console.log(`  ratio a/b: ${ratio.toFixed(2)}   (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
    console.log(`  p99 via gateway: ${ms(viaGateway.p99)}   (target ≤ 25 ms: ${viaGateway.p99 <= 25 ? 'met' : 'NOT met'})`);
  } finally {
    await direct.stop();
    await stack.stop();
  }
}
