/* eslint-disable @nx/enforce-module-boundaries -- the test runs the services' migrations, built processes and the tools' OTLP collector stand-in */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Subjects } from '@lipcast/contracts';
import { readEnv, runMigrations, ServiceClient, StorageService } from '@lipcast/nest-kit';
import { SpanKinds, startOtlpCollector, type CollectedSpan, type OtlpCollector } from '../otlp/collector';
import { caughtMailTo } from '../mail/inbox';
import { ormConfig as authOrm } from '../../services/auth/src/mikro-orm.config';
import { ormConfig as billingOrm } from '../../services/billing/src/mikro-orm.config';
import { ormConfig as contentOrm } from '../../services/content/src/mikro-orm.config';
import { ormConfig as generationOrm } from '../../services/generation/src/mikro-orm.config';
import { seedActorClip } from '../../services/generation/src/testing';
import { ormConfig as gatewayOrm } from '../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../gateway/src/settings';
import { freePort } from '../lib/infra';
import { GATEWAY_ENTRY, serviceEntry, startProcess, type RunningProcess } from '../lib/processes';
import { runLipSync } from './testing';
import { signedInCookie } from '../../gateway/src/session/testing';

/*
 * One lip-sync is one trace: the gateway, billing, the generation API and a generation worker run
 * (with auth and content, for the "video ready" mail's own trace) as their built processes, each
 * exporting OTLP/HTTP (JSON) to the collector stand-in of tools/otlp; a signed-in user makes a
 * speech and lip-syncs it; the spans that arrive must form one trace from the gateway's POST through
 * the NATS request, the job message and the worker to ffmpeg.
 */
jest.setTimeout(180_000);

const SESSION_SECRET = randomBytes(24).toString('hex');
const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET });

describe('a lip-sync traced across the real processes', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const processes: RunningProcess[] = [];
  let collector: OtlpCollector;
  let folder: string;
  let base: string;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    folder = await mkdtemp(join(tmpdir(), 'lipcast-tracing-'));
    for (const config of [gatewayOrm, authOrm, billingOrm, contentOrm, generationOrm]) await runMigrations(config(settings.DATABASE_URL));
    await seedActorClip(new StorageService(settings), 'ipfs-puppet-video-5', folder);

    const env = { MEDIA_PROVIDER: 'embedded', SCRIPT_PROVIDER: 'embedded', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
    const services: { entry: string; env: Record<string, string>; ready: string }[] = [
      { entry: 'billing', env: {}, ready: 'billing ops listener on' },
      // Content sends the "video ready" mail, asking auth for the address.
      { entry: 'auth', env: {}, ready: 'auth ops listener on' },
      { entry: 'content', env: {}, ready: 'content ops listener on' },
      { entry: 'generation', env: { GENERATION_ROLE: 'api', OTEL_SERVICE_NAME: 'generation' }, ready: 'generation ops listener on' },
      { entry: 'generation', env: { GENERATION_ROLE: 'worker', OTEL_SERVICE_NAME: 'generation-worker' }, ready: 'generation ops listener on' },
    ];
    for (const service of services) {
      processes.push(await startProcess(serviceEntry(service.entry), { ...env, ...service.env, OPS_PORT: String(await freePort()) }, service.ready));
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    processes.push(
      await startProcess(GATEWAY_ENTRY, { ...env, PORT: String(port), OPS_PORT: String(await freePort()), SESSION_SECRET, WEB_ROOT: folder }, 'gateway ops listener on'),
    );
  });

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop()));
    await database.end();
    await collector?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** Waits until the spans of `traceId` satisfy `found` (exports are batched every 200 ms). */
  async function spansOfTrace(traceId: string, found: (spans: CollectedSpan[]) => boolean): Promise<CollectedSpan[]> {
    for (const deadline = Date.now() + 20_000; ; ) {
      const spans = collector.spans().filter((span) => span.traceId === traceId);
      if (found(spans) || Date.now() > deadline) return spans;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('makes one trace from the gateway POST through the generation API, the job queue and the worker to ffmpeg', async () => {
    const username = `tracer-${randomBytes(4).toString('hex')}`;
    const services = await ServiceClient.connect(settings.NATS_URL);
    const user = await services
      .send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject: username, username, email: `${username}@example.com` })
      .finally(() => services.close());
    const cookie = await signedInCookie(database, SESSION_SECRET, user.id);
    const { jobId: predictionId, status } = await runLipSync(base, cookie, 'Traces follow the work.');
    expect(status).toBe('succeeded');

    // The gateway's HTTP server span of the POST is the root of the trace.
    const isLipsyncPost = (span: CollectedSpan) =>
      span.service === 'gateway' && span.kind === SpanKinds.server && span.name.startsWith('POST') && String(span.attributes['url.path'] ?? span.attributes['http.target']).startsWith('/api/replicate/lipsync');
    const roots = await (async () => {
      for (const deadline = Date.now() + 20_000; ; ) {
        const found = collector.spans().filter(isLipsyncPost);
        if (found.length || Date.now() > deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    expect(roots).toHaveLength(1);
    const [root] = roots;
    expect(root.parentSpanId).toBe('');
    // The job records the trace it was submitted in, for the operator console's job timeline.
    expect((await database.query('select trace_id from generation.job where id = $1', [predictionId])).rows[0].trace_id).toBe(root.traceId);

    // The worker's job span ends last of the worker's spans (its children are exported before it).
    const trace = await spansOfTrace(root.traceId, (spans) => spans.some((span) => span.service === 'generation-worker' && span.kind === SpanKinds.consumer));
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const parentOf = (span: CollectedSpan) => byId.get(span.parentSpanId);
    // Both generation processes answer NATS requests (the queue group); only the worker consumes jobs.
    const isGeneration = (span: CollectedSpan) => span.service === 'generation' || span.service === 'generation-worker';
    const one = (what: string, match: (span: CollectedSpan) => boolean) => {
      const found = trace.filter(match);
      if (found.length !== 1) throw new Error(`${found.length} spans for ${what} in ${JSON.stringify(trace.map(({ service, name }) => `${service}: ${name}`))}`);
      return found[0];
    };

    // Gateway → generation API: a NATS client span under the POST, answered by a server span in the generation service.
    const natsClient = one('the gateway NATS request', (span) => span.service === 'gateway' && span.kind === SpanKinds.client && span.name === `nats request ${Subjects.generation.lipsyncStart}`);
    expect(parentOf(natsClient)?.spanId).toBe(root.spanId);
    const natsServer = one('the generation NATS handler', (span) => isGeneration(span) && span.kind === SpanKinds.server && span.name === `nats handle ${Subjects.generation.lipsyncStart}`);
    expect(natsServer.parentSpanId).toBe(natsClient.spanId);

    // The generation API submits the job (reserving a credit at billing) and publishes its message.
    const submit = one('the job submission', (span) => isGeneration(span) && span.name === 'job submit lipsync');
    expect(submit.parentSpanId).toBe(natsServer.spanId);
    const reserve = one('the credit reservation', (span) => span.service === 'billing' && span.kind === SpanKinds.server && span.name === `nats handle ${Subjects.billing.creditsReserve}`);
    expect(parentOf(parentOf(reserve)!)?.spanId).toBe(submit.spanId);
    const publish = one('the job message', (span) => isGeneration(span) && span.kind === SpanKinds.producer);
    expect(publish.parentSpanId).toBe(submit.spanId);

    // Only the worker process consumes the queue: its job span is the publish span's child, linked by the message's headers.
    const job = one('the worker job', (span) => span.service === 'generation-worker' && span.kind === SpanKinds.consumer);
    expect(job.parentSpanId).toBe(publish.spanId);
    expect(job.attributes['lipcast.job_id']).toBe(predictionId);
    expect(job.attributes['lipcast.job_kind']).toBe('lipsync');
    const handle = one('the job handler', (span) => span.service === 'generation-worker' && span.name === 'job handle lipsync');
    expect(handle.parentSpanId).toBe(job.spanId);

    // The "video ready" mail the worker asks for after the job is a trace of its own, linked to the job's.
    const mailRoots = await (async () => {
      for (const deadline = Date.now() + 20_000; ; ) {
        const found = collector.spans().filter((span) => span.service === 'generation-worker' && span.name === 'video ready mail');
        if (found.length || Date.now() > deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    expect(mailRoots).toHaveLength(1);
    expect(mailRoots[0]).toMatchObject({ parentSpanId: '', links: [{ traceId: root.traceId, spanId: expect.any(String) }] });
    expect(mailRoots[0].traceId).not.toBe(root.traceId);
    // No page followed the job, so content sends the mail; learning that costs no failed request (it reads the job-watchers bucket).
    // Each process exports its spans when they end, so the two arrive in either order: both are awaited.
    const serverSpansOf = (spans: CollectedSpan[]) => spans.filter((span) => span.kind === SpanKinds.server).map(({ service, name }) => `${service}: ${name}`).sort();
    const mailServerSpans = [`auth: nats handle ${Subjects.auth.userGet}`, `content: nats handle ${Subjects.content.mailVideoReady}`];
    const mailTrace = await spansOfTrace(mailRoots[0].traceId, (spans) => serverSpansOf(spans).length >= mailServerSpans.length);
    expect(serverSpansOf(mailTrace)).toEqual(mailServerSpans);
    expect(mailTrace.filter((span) => span.statusCode === 2).map(({ service, name }) => `${service}: ${name}`)).toEqual([]);
    const mails = await caughtMailTo(user.email!);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your video is ready']);

    // ffmpeg runs inside the handler; every ffmpeg span leads up to it.
    const ffmpeg = trace.filter((span) => span.service === 'generation-worker' && span.name === 'ffmpeg');
    expect(ffmpeg.length).toBeGreaterThan(0);
    for (let span of ffmpeg) {
      while (span.spanId !== handle.spanId && parentOf(span)) span = parentOf(span)!;
      expect(span.spanId).toBe(handle.spanId);
    }

    // PostgreSQL queries are traced (pg instrumentation) within the job, and nothing in the trace failed.
    expect(trace.some((span) => span.service === 'generation-worker' && (span.attributes['db.system.name'] ?? span.attributes['db.system']) === 'postgresql')).toBe(true);
    expect(trace.filter((span) => span.statusCode === 2).map((span) => span.name)).toEqual([]);
    // Every span but the root has its parent in the trace: one connected tree.
    expect(trace.filter((span) => span !== root && !parentOf(span)).map(({ service, name }) => `${service}: ${name}`)).toEqual([]);
  });

  it('puts the request id and the trace id in the log lines of the work', () => {
    const logLines = processes
      .flatMap((running) => running.output().split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { requestId?: string; traceId?: string; subject?: string; msg?: string });
    const handled = logLines.filter((line) => line.subject === Subjects.generation.lipsyncStart && line.msg === 'message');
    expect(handled).toHaveLength(1);
    expect(handled[0].requestId).toEqual(expect.any(String));
    expect(handled[0].traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(collector.spans().some((span) => span.traceId === handled[0].traceId && span.name === 'ffmpeg')).toBe(true);
  });
});
