/**
 * The gateway's CPU time per 100 MB of video served: (a) streamed through the gateway, (b) answered
 * with a presigned redirect to the object store (S3_PUBLIC_URL), the store sending the bytes.
 * Readers fetch whole videos and seek with byte ranges at the address the video ended up at, as
 * players do.
 */
import { readFileSync } from 'node:fs';
import { Client } from 'minio';
import { startIsolatedStack, type Stack } from '../lib/stack.ts';

const VIDEO_MB = 25;
const READS = 4; // 4 × 25 MB = 100 MB per run
const SEEKS_PER_READ = 8;
const KEY = 'public/bench/video-v1.mp4';

/** User plus system CPU time of a process so far, in milliseconds (Linux /proc). */
function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the full line)
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

async function putVideo(stack: Stack): Promise<void> {
  const endpoint = new URL(stack.env.S3_ENDPOINT);
  const client = new Client({ endPoint: endpoint.hostname, port: Number(endpoint.port), useSSL: false, accessKey: stack.env.S3_ACCESS_KEY, secretKey: stack.env.S3_SECRET_KEY, pathStyle: true });
  const bytes = Buffer.alloc(VIDEO_MB * 1024 * 1024, 7);
  await client.putObject(stack.env.S3_BUCKET, KEY, bytes, bytes.length, { 'Content-Type': 'video/mp4' });
}

/** Serves 100 MB (plus seeks) from the media route and returns the gateway's CPU time for it. */
async function gatewayCpuFor100Mb(stack: Stack): Promise<{ cpuMs: number; redirected: boolean }> {
  const url = `${stack.url}/api/media/${KEY}`;
  const redirected = (await fetch(url, { redirect: 'manual' })).status === 302;
  const pid = stack.pid('gateway')!;
  const before = cpuMilliseconds(pid);
  const size = VIDEO_MB * 1024 * 1024;
  for (let read = 0; read < READS; read += 1) {
    // As a video element does: one request to the page's address, then seeks at the address it ended at.
    const whole = await fetch(url);
    await whole.arrayBuffer();
    for (let seek = 1; seek <= SEEKS_PER_READ; seek += 1) {
      const start = Math.floor((size * seek) / (SEEKS_PER_READ + 1));
      await (await fetch(whole.url, { headers: { range: `bytes=${start}-${start + 65_535}` } })).arrayBuffer();
    }
  }
  return { cpuMs: cpuMilliseconds(pid) - before, redirected };
}

async function measure(name: string, env: Record<string, string>) {
  const stack = await startIsolatedStack(name, { env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', ...env } });
  try {
    await putVideo(stack);
    return await gatewayCpuFor100Mb(stack);
  } finally {
    await stack.stop();
  }
}

export async function mediaServing(): Promise<void> {
  const streamed = await measure('bench_media_stream', { S3_PUBLIC_URL: '' }); // empty is unset: the gateway streams
  const redirected = await measure('bench_media_redirect', {});
  if (streamed.redirected || !redirected.redirected) throw new Error('The two runs did not serve media the two ways');
  const factor = streamed.cpuMs / Math.max(redirected.cpuMs, 1);
  console.log(`\n[bench] gateway CPU time per 100 MB of video served (${READS} × ${VIDEO_MB} MB reads, ${SEEKS_PER_READ} seeks each)`);
  console.log(`  (a) streamed through the gateway            ${streamed.cpuMs.toFixed(0).padStart(6)} ms`);
  console.log(`  (b) presigned redirect, bytes from the store ${redirected.cpuMs.toFixed(0).padStart(5)} ms`);
  console.log(`  a/b: ${factor.toFixed(1)}×   (target ≥ 10×: ${factor >= 10 ? 'met' : 'NOT met'})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await mediaServing();
