/**
 * The public API (issue 22): throughput of `GET /api/v1/videos/{id}` under load with an API key
 * (the key verified from the gateway's cache, the video read from generation) beside the signed-in
 * session read of the same run (issue 38: at least 0.6× its req/s, p99 ≤ 100 ms), and the
 * end-to-end time of one video from `POST /api/v1/videos` to `succeeded` and of a 20-row CSV batch
 * from `POST /api/v1/batches` to `completed`, on the embedded engine.
 *
 * `node tools/benchmarks/public-api.ts reads` runs the reads alone (built gateway and services).
 */
import pg from 'pg';
import { CONNECTIONS, DURATION_SECONDS, load, ms, signedInCookie, type LoadResult } from './gateway-vs-direct.ts';
import { startIsolatedStack, type Stack } from '../lib/stack.ts';

const BATCH_ROWS = 20;
/** Issue 38's targets for the key read against the signed-in session read of the same run. */
const READ_SHARE_TARGET = 0.6;
const READ_P99_TARGET_MS = 100;

/** The user a key belongs to (the bench's own database: one key, so its prefix names it). */
async function ownerOf(stack: Stack, key: string): Promise<string> {
  const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query<{ user_id: string }>('select user_id from auth.api_key where prefix = $1', [key.slice(0, 12)]);
    return rows[0]!.user_id;
  } finally {
    await database.end();
  }
}

/** A key of every scope for the signed-in user of `cookie`. */
async function apiKey(stack: Stack, cookie: string): Promise<string> {
  const created = await fetch(`${stack.url}/api/api-keys`, {
    method: 'POST',
    headers: { cookie, origin: stack.url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', scopes: ['videos:read', 'videos:write', 'webhooks:manage'] }),
  });
  if (!created.ok) throw new Error(`Creating an API key answered ${created.status}`);
  return ((await created.json()) as { key: string }).key;
}

/** Polls the video until it ends; answers its final state. */
async function waitForVideo(stack: Stack, key: string, id: string): Promise<{ status: string }> {
  for (;;) {
    const video = (await (await fetch(`${stack.url}/api/v1/videos/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { status: string };
    if (['succeeded', 'failed', 'canceled'].includes(video.status)) return video;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `GET /api/v1/videos/{id}` with the key, then the signed-in session read (`GET /api/auth/user`, gateway-vs-direct's (c)) under the same load. */
async function reads(stack: Stack, key: string, cookie: string, videoId: string): Promise<void> {
  const url = `${stack.url}/api/v1/videos/${videoId}`;
  const authorization = `Bearer ${key}`;
  await load(url, 2, { authorization });
  const read: LoadResult = await load(url, DURATION_SECONDS, { authorization });
  await load(`${stack.url}/api/auth/user`, 2, { cookie });
  const signedIn: LoadResult = await load(`${stack.url}/api/auth/user`, DURATION_SECONDS, { cookie });
  const share = read.requestsPerSecond / signedIn.requestsPerSecond;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(`\n[bench] public API (${CONNECTIONS} connections, ${DURATION_SECONDS} s after a 2 s warm-up)`);
  console.log(`  GET /api/v1/videos/{id} with an API key: ${read.requestsPerSecond.toFixed(0)} req/s   p50 ${ms(read.p50)}   p99 ${ms(read.p99)}   errors ${read.errors + read.non2xx}`);
  console.log(`  signed-in GET /api/auth/user (session):  ${signedIn.requestsPerSecond.toFixed(0)} req/s   p50 ${ms(signedIn.p50)}   p99 ${ms(signedIn.p99)}   errors ${signedIn.errors + signedIn.non2xx}`);
  console.log(`  key read / session read: ${share.toFixed(2)}   (target ≥ ${READ_SHARE_TARGET}: ${verdict(share >= READ_SHARE_TARGET)})   key read p99 ${ms(read.p99)} (target ≤ ${READ_P99_TARGET_MS} ms: ${verdict(read.p99 <= READ_P99_TARGET_MS)})`);
}

/** A signed-in user with a key, and one video made through the public API (answers its id and how long it took to succeed). */
async function firstVideo(stack: Stack) {
  const cookie = await signedInCookie(stack.url, 'benchapi');
  const key = await apiKey(stack, cookie);
  const authorization = `Bearer ${key}`;
  const first = async (path: string) => ((await (await fetch(`${stack.url}/api/v1/${path}`, { headers: { authorization } })).json()) as { data: { id: string }[] }).data[0]!.id;
  const [actor, voice] = [await first('actors'), await first('voices')];

  const started = performance.now();
  const created = await fetch(`${stack.url}/api/v1/videos`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ actor, voice, script: 'Hello from the Lipcast benchmark: one video made through the public API, from script to MP4.' }),
  });
  if (created.status !== 202) throw new Error(`POST /api/v1/videos answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const video = await waitForVideo(stack, key, id);
  const videoSeconds = (performance.now() - started) / 1000;
  if (video.status !== 'succeeded') throw new Error(`The benchmark video ended ${video.status}`);
  return { cookie, key, authorization, actor, voice, id, videoSeconds };
}

const startBenchStack = () => startIsolatedStack('bench_api', { env: { RATE_LIMIT_PER_MINUTE: '100000000', API_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' } });

/** Only the reads (`node tools/benchmarks/public-api.ts reads`). */
export async function publicApiReads(): Promise<void> {
  const stack = await startBenchStack();
  try {
    const { cookie, key, id } = await firstVideo(stack);
    await reads(stack, key, cookie, id);
  } finally {
    await stack.stop();
  }
}

export async function publicApi(): Promise<void> {
  const stack = await startBenchStack();
  try {
    const { cookie, key, authorization, actor, voice, id, videoSeconds } = await firstVideo(stack);
    await reads(stack, key, cookie, id);
    console.log(`  one video, POST /api/v1/videos → succeeded (speech + lip-sync, embedded engine): ${videoSeconds.toFixed(2)} s`);

    // 20 rows need 20 generations: pack credits written as a paid pack would.
    const userId = await ownerOf(stack, key);
    const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await database.connect();
    await database.query('insert into billing.account (user_id, pack_credits) values ($1, $2) on conflict (user_id) do update set pack_credits = excluded.pack_credits', [userId, BATCH_ROWS + 5]);
    await database.end();
    const csv = ['actor,script,voice', ...Array.from({ length: BATCH_ROWS }, (_, row) => `${actor},"Row ${row + 1} of the benchmark batch, spoken by the embedded engine.",${voice}`)].join('\n');
    const batchStarted = performance.now();
    const batch = await fetch(`${stack.url}/api/v1/batches`, { method: 'POST', headers: { authorization, 'content-type': 'text/csv' }, body: csv });
    if (batch.status !== 202) throw new Error(`POST /api/v1/batches answered ${batch.status}: ${await batch.text()}`);
    const { id: batchId } = (await batch.json()) as { id: string };
    let finished: { status: string; counts: Record<string, number> };
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = (await (await fetch(`${stack.url}/api/v1/batches/${batchId}`, { headers: { authorization } })).json()) as typeof finished;
    } while (finished.status !== 'completed');
    const batchSeconds = (performance.now() - batchStarted) / 1000;
    console.log(`  a ${BATCH_ROWS}-row CSV batch, POST /api/v1/batches → completed: ${batchSeconds.toFixed(1)} s (${JSON.stringify(finished.counts)}, at most BATCH_CONCURRENCY rows at once)`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.main && process.argv[2] === 'reads') await publicApiReads();
