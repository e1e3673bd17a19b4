/* eslint-disable @nx/enforce-module-boundaries -- the test runs the services' migrations and built processes beside the gateway */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Subjects } from '@lipcast/contracts';
import { readEnv, runMigrations, StorageService } from '@lipcast/nest-kit';
import { metricFamilies, missingMetrics, observabilityQueries } from '../../deploy/observability/metric-names';
import { ormConfig as billingOrm } from '../../services/billing/src/mikro-orm.config';
import { ormConfig as generationOrm } from '../../services/generation/src/mikro-orm.config';
import { seedActorClip } from '../../services/generation/src/testing';
import { ormConfig as gatewayOrm } from '../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../gateway/src/settings';
import { freePort } from '../lib/infra';
import { GATEWAY_ENTRY, serviceEntry, startProcess, type RunningProcess } from '../lib/processes';
import { runLipSync } from './testing';
import { signedInCookie } from '../../gateway/src/session/testing';

/*
 * Metrics after one real lip-sync: the gateway, billing and generation run as their built
 * processes (each with its own registry and ops listener, behind OPS_TOKEN), a signed-in user makes
 * a speech and lip-syncs it through the gateway, then every process's /metrics is scraped and the
 * series the lip-sync should have moved are read; and every metric the dashboard and the alert rules
 * of deploy/observability query must be among the families they export.
 */
jest.setTimeout(180_000);

const SESSION_SECRET = randomBytes(24).toString('hex');
const OPS_TOKEN = randomBytes(24).toString('hex');
const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET });

type ProcessName = 'gateway' | 'billing' | 'generation';

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, as far as this test reads it (no escaped quotes in our label values). */
function parseMetrics(text: string): Series[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
      if (!match) throw new Error(`not a metric line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

describe('metrics after a lip-sync through the real processes', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const processes = new Map<ProcessName, RunningProcess>();
  const opsUrls = new Map<ProcessName, string>();
  let folder: string;
  let base: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'lipcast-metrics-'));
    for (const config of [gatewayOrm, billingOrm, generationOrm]) await runMigrations(config(settings.DATABASE_URL));
    await seedActorClip(new StorageService(settings), 'ipfs-puppet-video-5', folder);

    const env = { OPS_TOKEN, GENERATION_ROLE: 'all', MEDIA_PROVIDER: 'embedded', SCRIPT_PROVIDER: 'embedded' };
    for (const service of ['billing', 'generation'] as const) {
      const opsPort = await freePort();
      opsUrls.set(service, `http://127.0.0.1:${opsPort}`);
      processes.set(service, await startProcess(serviceEntry(service), { ...env, OPS_PORT: String(opsPort) }, `${service} ops listener on`));
    }
    const [port, opsPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    opsUrls.set('gateway', `http://127.0.0.1:${opsPort}`);
    processes.set(
      'gateway',
      await startProcess(GATEWAY_ENTRY, { ...env, PORT: String(port), OPS_PORT: String(opsPort), SESSION_SECRET, WEB_ROOT: folder }, 'gateway ops listener on'),
    );
  });

  afterAll(async () => {
    await Promise.all([...processes.values()].map((running) => running.stop()));
    await database.end();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function scrapeText(name: ProcessName): Promise<string> {
    const response = await fetch(`${opsUrls.get(name)}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  }

  async function scrape(name: ProcessName): Promise<Series[]> {
    return parseMetrics(await scrapeText(name));
  }

  /** The value of the one series named so with these labels (among others); fails when there is none. */
  function valueOf(series: Series[], name: string, labels: Record<string, string> = {}): number {
    const found = series.filter((one) => one.name === name && Object.entries(labels).every(([key, value]) => one.labels[key] === value));
    if (found.length !== 1) throw new Error(`${found.length} series ${name} ${JSON.stringify(labels)}`);
    return found[0].value;
  }

  it('exports the HTTP, NATS, job, queue, credit and process metrics the lip-sync moved', async () => {
    const cookie = await signedInCookie(database, SESSION_SECRET, randomUUID());
    const { jobId: predictionId, status } = await runLipSync(base, cookie, 'Metrics count what happened.');
    expect(status).toBe('succeeded');
    // The credit is spent just after the job is marked succeeded (the state the poll read), and the
    // job's message is acknowledged after that: the queue gauges read 0 once the server has the ack.
    const settled = (series: Series[]) =>
      series.some((one) => one.name === 'lipcast_nats_client_requests_total' && one.labels.subject === Subjects.billing.creditsCommit) &&
      series.filter((one) => one.name === 'lipcast_generation_queue_ack_pending_messages' || one.name === 'lipcast_generation_queue_pending_messages').every((one) => one.value === 0);
    const generation = await (async () => {
      for (let tries = 0; ; tries++) {
        const series = await scrape('generation');
        if (settled(series) || tries > 20) return series;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const [gateway, billing] = [await scrape('gateway'), await scrape('billing')];

    // Gateway: the route template with method and status, its latency, the held-request gauge, the NATS call.
    expect(valueOf(gateway, 'lipcast_http_requests_total', { route: '/api/replicate/lipsync', method: 'POST', status: '202' })).toBe(1);
    expect(valueOf(gateway, 'lipcast_http_requests_total', { route: '/api/jobs/:id', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(gateway, 'lipcast_http_request_duration_seconds_count', { route: '/api/replicate/lipsync', method: 'POST' })).toBe(1);
    expect(JSON.stringify(gateway)).not.toContain(predictionId);
    expect(valueOf(gateway, 'lipcast_http_open_streams', { kind: 'held' })).toBe(0);
    expect(valueOf(gateway, 'lipcast_http_open_streams', { kind: 'stream' })).toBe(0);
    expect(valueOf(gateway, 'lipcast_nats_client_requests_total', { subject: Subjects.generation.lipsyncStart, outcome: 'ok' })).toBe(1);
    expect(valueOf(gateway, 'lipcast_nats_client_request_duration_seconds_count', { subject: Subjects.generation.lipsyncStart, outcome: 'ok' })).toBe(1);

    // Generation: the answering side of that call, its own calls to billing, the job and the queue.
    expect(valueOf(generation, 'lipcast_nats_server_requests_total', { subject: Subjects.generation.lipsyncStart, outcome: 'ok' })).toBe(1);
    expect(valueOf(generation, 'lipcast_nats_server_request_duration_seconds_count', { subject: Subjects.generation.lipsyncStart, outcome: 'ok' })).toBe(1);
    expect(valueOf(generation, 'lipcast_nats_client_requests_total', { subject: Subjects.billing.creditsReserve, outcome: 'ok' })).toBe(1);
    expect(valueOf(generation, 'lipcast_nats_client_requests_total', { subject: Subjects.billing.creditsCommit, outcome: 'ok' })).toBe(1);
    const job = { kind: 'lipsync', provider: 'embedded' };
    expect(valueOf(generation, 'lipcast_generation_jobs_started_total', job)).toBe(1);
    expect(valueOf(generation, 'lipcast_generation_jobs_finished_total', { ...job, status: 'succeeded' })).toBe(1);
    expect(valueOf(generation, 'lipcast_generation_job_duration_seconds_count', { ...job, status: 'succeeded' })).toBe(1);
    expect(valueOf(generation, 'lipcast_generation_job_duration_seconds_sum', { ...job, status: 'succeeded' })).toBeGreaterThan(0);
    expect(valueOf(generation, 'lipcast_generation_job_real_time_factor_count', job)).toBe(1);
    expect(valueOf(generation, 'lipcast_generation_job_real_time_factor_sum', job)).toBeGreaterThan(0);
    // Its video's lip-sync, measured (issue 36).
    expect(valueOf(generation, 'lipcast_generation_lipsync_offset_ms_count', { provider: 'embedded' })).toBe(1);
    expect(valueOf(generation, 'lipcast_generation_lipsync_confidence_count', { provider: 'embedded' })).toBe(1);
    for (const consumer of ['generation-cpu-workers', 'generation-provider-workers']) {
      expect(valueOf(generation, 'lipcast_generation_queue_pending_messages', { consumer })).toBe(0);
      expect(valueOf(generation, 'lipcast_generation_queue_ack_pending_messages', { consumer })).toBe(0);
    }

    // Billing: the reserve and commit the job made, answered here.
    expect(valueOf(billing, 'lipcast_billing_credits_reserved_total', { source: 'free' })).toBe(1);
    expect(valueOf(billing, 'lipcast_billing_credits_committed_total', { source: 'free' })).toBe(1);
    expect(billing.some((one) => one.name === 'lipcast_billing_credits_released_total')).toBe(false);
    expect(valueOf(billing, 'lipcast_nats_server_requests_total', { subject: Subjects.billing.creditsReserve, outcome: 'ok' })).toBe(1);

    // Every process: Node's own metrics.
    for (const series of [gateway, generation, billing]) {
      expect(valueOf(series, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(valueOf(series, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(valueOf(series, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    }
  });

  it('exports every metric the dashboard and the alert rules of deploy/observability query', async () => {
    // A family is declared by its # TYPE line even before its first sample (a failure, a webhook).
    const families = new Map<string, string>();
    for (const name of opsUrls.keys()) for (const [family, type] of metricFamilies(await scrapeText(name))) families.set(family, type);
    expect(families.get('lipcast_generation_job_duration_seconds')).toBe('histogram');
    expect(families.get('lipcast_billing_stripe_webhook_events_total')).toBe('counter');
    const queries = observabilityQueries();
    expect(queries.length).toBeGreaterThan(40);
    // Each name a panel or an alert queries that no process exports, with where it is queried.
    expect(missingMetrics(queries, families)).toEqual([]);
  });

  it('refuses /metrics without the operator token', async () => {
    for (const url of opsUrls.values()) expect((await fetch(`${url}/metrics`)).status).toBe(401);
  });
});
