/**
 * The public API (issue 22): throughput of `GET /api/v1/videos/{id}` under load with an API key
 * (the key verified by the auth service on every request, the video read from generation), and the
 * end-to-end time of one video from `POST /api/v1/videos` to `succeeded` on the embedded engine.
 */
import { CONNECTIONS, DURATION_SECONDS, load, signedInCookie, type LoadResult } from './gateway-vs-direct.ts';
import { startIsolatedStack, type Stack } from '../lib/stack.ts';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A key of every scope for a new signed-in user of `stack`. */
async function apiKey(stack: Stack, username: string): Promise<string> {
  const cookie = await signedInCookie(stack.url, username);
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

export async function publicApi(): Promise<void> {
  const stack = await startIsolatedStack('bench_api', { env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' } });
  try {
    const key = await apiKey(stack, 'benchapi');
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

    const url = `${stack.url}/api/v1/videos/${id}`;
    await load(url, 2, { authorization });
    const read: LoadResult = await load(url, DURATION_SECONDS, { authorization });
    console.log(`\n[bench] public API (${CONNECTIONS} connections, ${DURATION_SECONDS} s after a 2 s warm-up)`);
    console.log(`  GET /api/v1/videos/{id} with an API key: ${read.requestsPerSecond.toFixed(0)} req/s   p50 ${ms(read.p50)}   p99 ${ms(read.p99)}   errors ${read.errors + read.non2xx}`);
    console.log(`  one video, POST /api/v1/videos → succeeded (speech + lip-sync, embedded engine): ${videoSeconds.toFixed(2)} s`);
  } finally {
    await stack.stop();
  }
}
