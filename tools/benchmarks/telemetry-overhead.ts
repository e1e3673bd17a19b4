/**
 * What tracing costs on the gateway's read path: the public blog list (gateway → NATS → content
 * service → PostgreSQL, through the public-read cache) under the same load, with telemetry off (no
 * OTLP endpoint: no SDK loaded) and on (every process exporting OTLP/HTTP to the collector stand-in
 * of tools/otlp, run as a process of its own), all traces or a tenth of them (OTEL_TRACES_SAMPLER_ARG=0.1). Load and seed
 * from gateway-vs-direct.ts. The machine's other work moves these figures: compare rows of one run.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { CollectedSpan } from '../otlp/collector.ts';
import { ROOT, startIsolatedStack } from '../lib/stack.ts';
import { CONNECTIONS, DURATION_SECONDS, load, ms, seedPosts, type LoadResult } from './gateway-vs-direct.ts';

/** The blog list of a fresh stack started with `env`, after a 2 s warm-up. */
async function measure(name: string, env: Record<string, string>): Promise<LoadResult> {
  const stack = await startIsolatedStack(name, { env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', ...env } });
  try {
    await seedPosts(stack.env.DATABASE_URL);
    const url = `${stack.url}/api/blog/posts?published=true`;
    await load(url, 2);
    return await load(url);
  } finally {
    await stack.stop();
  }
}

/** The collector stand-in as a process of its own: parsing the exports must not take the load generator's CPU. */
async function startCollectorProcess(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(ROOT, 'tools/otlp/serve.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /on (http:\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`the OTLP collector stand-in exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}

export async function telemetryOverhead(): Promise<void> {
  const collector = await startCollectorProcess();
  try {
    console.log(`\n[bench] telemetry overhead: GET /api/blog/posts through the gateway, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (after a 2 s warm-up)`);
    const off = await measure('bench_telemetry_off', {});
    const on = await measure('bench_telemetry_on', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    const sampled = await measure('bench_telemetry_sampled', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER_ARG: '0.1' });
    const row = (label: string, r: LoadResult) =>
      `  ${label.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${ms(r.p50).padStart(9)}   p99 ${ms(r.p99).padStart(9)}   errors ${r.errors + r.non2xx}`;
    console.log(row('telemetry off (no OTLP endpoint)', off));
    console.log(row('telemetry on (OTLP/HTTP to the stand-in)', on));
    console.log(row('telemetry on, 10 % of traces sampled', sampled));
    for (const [label, r] of [['on', on], ['sampled', sampled]] as const) {
      const ratio = r.requestsPerSecond / off.requestsPerSecond;
      console.log(`  throughput ${label}/off: ${ratio.toFixed(2)}   overhead ${((1 - ratio) * 100).toFixed(1)} %   p99 ${label}/off: ${(r.p99 / off.p99).toFixed(2)}×`);
    }
    const spans = (await (await fetch(`${collector.url}/spans`)).json()) as CollectedSpan[];
    console.log(`  spans received by the stand-in (a process of its own): ${spans.length}`);
  } finally {
    collector.stop();
  }
}

// Alone: `node tools/benchmarks/telemetry-overhead.ts` (after a build).
if (import.meta.main) await telemetryOverhead();
