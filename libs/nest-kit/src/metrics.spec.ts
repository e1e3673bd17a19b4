import { ErrorCode } from '@lipcast/contracts';
import { counter, histogram, metricsRegistry, recordNatsRequest, subjectLabel } from './metrics';
import { OpsRegistry, startOpsListener } from './ops';

const TOKEN = 'ops-token-for-tests-0123456789';

/** The value of one series in the registry, or undefined when it has none. */
async function valueOf(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  return metric?.values.find((value) => Object.entries(labels).every(([key, label]) => value.labels[key] === label))?.value;
}

describe(subjectLabel.name, () => {
  it('keeps a subject constant as it is', () => {
    expect(subjectLabel('generation.lipsync.start.v1')).toBe('generation.lipsync.start.v1');
    expect(subjectLabel('billing.health.ping.v1')).toBe('billing.health.ping.v1');
  });

  it('drops what follows the version (the job id of per-job subjects)', () => {
    expect(subjectLabel('generation.job.cancel.v1.7f3c9a0e-1b2d-4c5e-8f90-123456789abc')).toBe('generation.job.cancel.v1');
    expect(subjectLabel('generation.job.progressed.v1.7f3c9a0e-1b2d-4c5e-8f90-123456789abc')).toBe('generation.job.progressed.v1');
  });

  it('labels anything else `other`, so no stray subject adds a series', () => {
    expect(subjectLabel('_INBOX.abc.123')).toBe('other');
    expect(subjectLabel('users.7f3c9a0e')).toBe('other');
    expect(subjectLabel('')).toBe('other');
  });
});

describe('metric helpers', () => {
  it('give the metric already registered under a name instead of failing on a second declaration', () => {
    const first = counter({ name: 'lipcast_test_declared_twice_total', help: 'test', labelNames: ['kind'] });
    const second = counter({ name: 'lipcast_test_declared_twice_total', help: 'test', labelNames: ['kind'] });
    expect(second).toBe(first);
    const timings = histogram({ name: 'lipcast_test_seconds', help: 'test', buckets: [1] });
    expect(histogram({ name: 'lipcast_test_seconds', help: 'test', buckets: [1] })).toBe(timings);
  });

  it('count NATS requests per side, normalised subject and outcome, with their time', async () => {
    recordNatsRequest('client', 'generation.job.cancel.v1.job-1', 'ok', 0.02);
    recordNatsRequest('client', 'generation.job.cancel.v1.job-2', 'ok', 0.03);
    recordNatsRequest('server', 'generation.job.cancel.v1.job-2', ErrorCode.NotFound, 0.01);

    expect(await valueOf('lipcast_nats_client_requests_total', { subject: 'generation.job.cancel.v1', outcome: 'ok' })).toBe(2);
    expect(await valueOf('lipcast_nats_server_requests_total', { subject: 'generation.job.cancel.v1', outcome: ErrorCode.NotFound })).toBe(1);
    expect(await valueOf('lipcast_nats_server_requests_total', { subject: 'generation.job.cancel.v1', outcome: 'ok' })).toBeUndefined();
    const text = await metricsRegistry.metrics();
    expect(text).toContain('lipcast_nats_client_request_duration_seconds_count{subject="generation.job.cancel.v1",outcome="ok"} 2');
    expect(text).not.toContain('job-1');
  });
});

describe('/metrics on the ops listener', () => {
  it('serves the registry in Prometheus text with the default process metrics, behind the operator token', async () => {
    const ops = await startOpsListener({ name: 'test-process', registry: new OpsRegistry(), host: '127.0.0.1', port: 0, token: TOKEN, version: '1.2.3' });
    try {
      recordNatsRequest('client', 'billing.credits.reserve.v1', 'ok', 0.01);
      expect((await fetch(`${ops.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${ops.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);

      const scrape = await fetch(`${ops.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      const text = await scrape.text();
      expect(text).toContain('lipcast_nats_client_requests_total{subject="billing.credits.reserve.v1",outcome="ok"} 1');
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    } finally {
      await ops.close();
    }
  });
});
