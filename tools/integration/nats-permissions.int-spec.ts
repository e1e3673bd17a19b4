/* eslint-disable @nx/enforce-module-boundaries -- the test runs billing, generation and the gateway's job watchers, as in production, on a nats-server the tools start with deploy/nats */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Ctx, MessagePattern, type NatsContext } from '@nestjs/microservices';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, event, Events, jobProgressSubject, jobStopSubject, pingSubject, SERVICE_NAMES, subject, Subjects, type ServiceName } from '@lipcast/contracts';
import { bootstrapService, CONTRACT_CHECK_ENV, JobWatchersBucket, natsConnectionOptions, ServiceClient, startServiceForTest, type NatsRole, type NatsTarget, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../../services/billing/src/service';
import { JobWatcherRecords } from '../../gateway/src/generation/job-watcher-records';
import type { GatewaySettings } from '../../gateway/src/settings';
import { startPrivateNats, type PrivateNats } from '../lib/infra';
import { newNatsCredentials, newNatsUsers, type NatsUser } from '../lib/nats-users';
import { JOB_LANES, JobQueue } from '../../services/generation/src/jobs/job-queue';
import { generationService } from '../../services/generation/src/service';

jest.setTimeout(60_000);

const DEPLOY = resolve(__dirname, '../../deploy/nats');

/** Starts a private nats-server with one of the deploy/ configurations and fresh credentials. */
async function startConfiguredNats(config: string, kind: 'password' | 'nkey') {
  const directory = mkdtempSync(join(tmpdir(), 'nats-permissions-'));
  const users = newNatsUsers(kind);
  const server = await startPrivateNats(directory, { configFile: join(DEPLOY, config), env: users.server });
  if (!server) throw new Error('this test needs the nats-server binary (Debian: apt-get install nats-server)');
  return {
    server,
    /** Where and as whom `user` connects: the variables its process would read. */
    target: (user: NatsUser) => ({ NATS_URL: server.url, ...users.processes[user] }),
    async stop() {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A subject or event as this test uses it: what may be sent where is under test, not the messages
 * (the contract check is off), so any request goes and the stand-ins answer `{service, subject}`.
 */
const probed = (name: string) => subject<object, { service: ServiceName; subject: string }>()(name);
const probedEvent = (name: string) => event<object>()(name);

/** A service stand-in on the real Nest transport answering every contract subject of `service` (its readiness ping included). */
function probeModule(service: ServiceName) {
  const subjects = Object.values(Subjects[service]);
  @Controller()
  class ProbeController {
    @MessagePattern(subjects)
    answer(@Ctx() context: NatsContext) {
      return { service, subject: context.getSubject() };
    }
  }
  @Module({ controllers: [ProbeController] })
  class ProbeModule {}
  return ProbeModule;
}

/** The next permission error the server reports on `connection` (call before the act). */
async function nextPermissionViolation(connection: NatsConnection): Promise<Error> {
  for await (const status of connection.status()) {
    if (status.type === 'error' && status.error.name === 'PermissionViolationError') return status.error;
  }
  throw new Error('connection closed without a permission error');
}

/** Every request a service's code makes to another service (`Subjects.<other>.<name>` in its sources). */
function subjectsAskedOfOthers(): { service: ServiceName; subject: string }[] {
  const asked = new Map<string, { service: ServiceName; subject: string }>();
  for (const service of SERVICE_NAMES) {
    const folder = resolve(__dirname, '../../services', service, 'src');
    const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !/(\.spec|\.int-spec|testing)\.ts$/.test(file));
    for (const file of sources) {
      for (const [, other, name] of readFileSync(join(folder, file), 'utf8').matchAll(/Subjects\.(auth|billing|content|generation)\.(\w+)/g)) {
        const subject = (Subjects[other as ServiceName] as Record<string, string>)[name];
        if (other !== service && subject) asked.set(`${service} ${subject}`, { service, subject });
      }
    }
  }
  return [...asked.values()];
}

const rawConnection = (target: NatsTarget, role: NatsRole) => connect(natsConnectionOptions(target, `test-raw-${role}`, role));

/**
 * The stand-in services of these suites answer every subject with their own name: what is under test
 * is who may send and answer what, not the messages, so the NATS contract check is off there.
 */
function withoutContractCheck(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env[CONTRACT_CHECK_ENV];
    delete process.env[CONTRACT_CHECK_ENV];
  });
  afterAll(() => {
    if (saved !== undefined) process.env[CONTRACT_CHECK_ENV] = saved;
  });
}

describe('NATS users and permissions (deploy/nats/nats-server.conf)', () => {
  withoutContractCheck();
  let nats: Awaited<ReturnType<typeof startConfiguredNats>>;
  let billing: RunningService;
  const probes: INestMicroservice[] = [];
  const clients: ServiceClient[] = [];
  const raw: NatsConnection[] = [];

  const client = async (role: NatsRole, timeoutMs = 2000) => {
    const connected = await ServiceClient.connect(nats.target(role), timeoutMs, `test-${role}`, role);
    clients.push(connected);
    return connected;
  };
  const rawAs = async (role: NatsRole) => {
    const connected = await rawConnection(nats.target(role), role);
    raw.push(connected);
    return connected;
  };

  beforeAll(async () => {
    nats = await startConfiguredNats('nats-server.conf', 'password');
    billing = await startServiceForTest(billingService, nats.target('billing'));
    for (const service of ['auth', 'content', 'generation'] as const) probes.push(await bootstrapService(probeModule(service), service, nats.target(service)));
  });
  afterAll(async () => {
    for (const connection of raw) await connection.close();
    for (const connected of clients) await connected.close();
    for (const probe of probes) await probe.close();
    await billing?.close();
    await nats?.stop();
  });

  it('refuses a process without credentials or with a wrong password, saying what to check', async () => {
    await expect(ServiceClient.connect(nats.server.url, 2000, 'lipcast-gateway')).rejects.toThrow(
      `lipcast-gateway cannot connect to NATS at ${nats.server.url}: Authorization Violation (check NATS_USER and NATS_PASS, or NATS_NKEY_SEED, against the server's users: deploy/nats)`,
    );
    await expect(bootstrapService(probeModule('content'), 'content', { NATS_URL: nats.server.url, NATS_USER: 'content', NATS_PASS: 'wrong' })).rejects.toThrow(
      `content service cannot connect to NATS at ${nats.server.url}: Authorization Violation`,
    );
  });

  it('lets the gateway request every subject of every service, and each service answer it', async () => {
    const gateway = await client('gateway');
    // Mail about a job, a webhook endpoint or a payment is asked for by generation and billing only.
    const notFromGateway: string[] = [Subjects.content.mailVideoReady, Subjects.content.mailWebhookDisabled, Subjects.content.mailPaymentConfirmed];
    for (const service of ['auth', 'content', 'generation'] as const) {
      for (const subject of Object.values(Subjects[service]).filter((subject) => !notFromGateway.includes(subject))) {
        await expect(gateway.send(probed(subject), {})).resolves.toEqual({ service, subject });
      }
    }
    for (const subject of notFromGateway) {
      const violation = nextPermissionViolation(gateway.nats);
      // Refused, the request is never answered: half a second says so as well as the client's 2 s (the violation is awaited on its own).
      await expect(gateway.send(probed(subject), {}, 500)).rejects.toMatchObject({ code: ErrorCode.Unavailable });
      await expect(violation).resolves.toMatchObject({ operation: 'publish', subject });
    }
    await expect(gateway.send(pingSubject('billing'), {})).resolves.toMatchObject({ service: 'billing', database: 'up' });
    await expect(gateway.send(Subjects.billing.plansList, {})).resolves.toEqual(expect.any(Array));
    await expect(gateway.send(Subjects.billing.accountGet, { userId: crypto.randomUUID() })).resolves.toMatchObject({ generationsCount: 0 });
  });

  it('lets the gateways record the jobs they watch in the job-watchers bucket, and content read them but write none', async () => {
    const content = await client('content', 1000);
    const bucket = await JobWatchersBucket.open(content.nats, 1); // content may create it; the gateway then finds it
    const records = new JobWatcherRecords(await client('gateway'), { JETSTREAM_REPLICAS: 1 } as GatewaySettings);
    const jobId = crypto.randomUUID();
    records.put(jobId, 'open');
    await records.settled();
    await expect(bucket.watched(jobId)).resolves.toBe(true);
    records.delete(jobId);
    await records.settled();
    await expect(bucket.watched(jobId)).resolves.toBe(false);
    await expect(bucket.put(jobId, 'forged', 'ended')).rejects.toThrow(/Permissions Violation/);
  });

  it('keeps the content service from releasing a credit: the release never reaches billing', async () => {
    const generation = await client('generation');
    const content = await client('content', 1000);
    const userId = crypto.randomUUID();
    const jobId = `permissions-${crypto.randomUUID()}`;
    await expect(generation.send(Subjects.billing.creditsReserve, { userId, jobId })).resolves.toMatchObject({ status: 'reserved' });

    const violation = nextPermissionViolation(content.nats);
    await expect(content.send(Subjects.billing.creditsRelease, { jobId })).rejects.toMatchObject({ code: ErrorCode.Unavailable });
    await expect(violation).resolves.toMatchObject({ operation: 'publish', subject: Subjects.billing.creditsRelease });

    // Had the release arrived, committing the same job would be a CONFLICT.
    await expect(generation.send(Subjects.billing.creditsCommit, { jobId })).resolves.toMatchObject({ status: 'committed' });
  });

  it('lets generation ask billing for credits and quotas, not for accounts', async () => {
    const generation = await client('generation', 1000);
    await expect(generation.send(Subjects.billing.accountGet, { userId: crypto.randomUUID() })).rejects.toMatchObject({ code: ErrorCode.Unavailable });
  });

  it('lets no process but billing subscribe to billing subjects', async () => {
    for (const role of ['content', 'generation', 'gateway', 'auth'] as const) {
      const connection = await rawAs(role);
      const subscription = connection.subscribe('billing.>');
      await expect(subscription.closed).resolves.toMatchObject({ name: 'PermissionViolationError', operation: 'subscription', subject: 'billing.>' });
    }
  });

  it('keeps each process out of the others\' requests and replies', async () => {
    const content = await rawAs('content');
    for (const subject of ['auth.>', 'generation.>', '_INBOX.>', '_INBOX.gateway.>']) {
      await expect(content.subscribe(subject).closed).resolves.toMatchObject({ operation: 'subscription', subject });
    }
  });

  it('carries job progress from generation to the gateway, and only from generation', async () => {
    const gateway = await client('gateway');
    const generation = await client('generation');
    const subject = probedEvent(jobProgressSubject('job-permissions'));
    const received: unknown[] = [];
    const first = new Promise((resolve) => gateway.subscribe(subject, (event) => resolve(received.push(event))));

    const violation = nextPermissionViolation(gateway.nats);
    gateway.publish(subject, { from: 'gateway' });
    await expect(violation).resolves.toMatchObject({ operation: 'publish', subject });
    await gateway.nats.flush();
    generation.publish(subject, { from: 'generation' });
    await first;
    expect(received).toEqual([{ from: 'generation' }]);
  });

  it("carries auth's API key invalidations to the gateway, and only from auth", async () => {
    const gateway = await client('gateway');
    const auth = await client('auth');
    const subject = probedEvent(Events.auth.apiKeysInvalidated);
    const received: unknown[] = [];
    const first = new Promise((resolve) => gateway.subscribe(subject, (event) => resolve(received.push(event))));
    await gateway.nats.flush(); // subscribed before anything is published

    const violation = nextPermissionViolation(gateway.nats);
    gateway.publish(subject, { from: 'gateway' });
    await expect(violation).resolves.toMatchObject({ operation: 'publish', subject });
    await gateway.nats.flush();
    auth.publish(subject, { from: 'auth' });
    await first;
    expect(received).toEqual([{ from: 'auth' }]);
  });

  it('keeps the gateway from stopping a job: only generation tells a worker to stop (deploy/nats/permissions.spec.ts checks every event)', async () => {
    const gateway = await client('gateway');
    const subject = jobStopSubject('job-permissions');
    const violation = nextPermissionViolation(gateway.nats);
    gateway.publish(subject, { jobId: 'job-permissions' });
    // Allowed, the server says nothing: give up after a few seconds rather than at the test's time-out.
    const allowed = new Promise((resolve) => setTimeout(() => resolve('no permission violation: the gateway may publish it'), 5000).unref());
    await expect(Promise.race([violation, allowed])).resolves.toMatchObject({ operation: 'publish', subject });
  });

  it('runs the job queue on JetStream as generation, and lets nobody else queue a job', async () => {
    const generation = await client('generation');
    const queue = new JobQueue(generation.nats, { ackWaitMs: 30_000, maxDeliveries: 2, replicas: 1 });
    await queue.ensure();
    // A second start with other settings updates the stream's consumer.
    await new JobQueue(generation.nats, { ackWaitMs: 20_000, maxDeliveries: 2, replicas: 1 }).ensure();
    await queue.enqueue('job-1', 'cpu');
    const consumed = new Promise<string>((resolve) => {
      void queue.consume('cpu', 1, async (job) => {
        job.working();
        job.done();
        resolve(job.jobId);
      });
    });
    await expect(consumed).resolves.toBe('job-1');
    await queue.stop();

    const gateway = await rawAs('gateway');
    await expect(jetstream(gateway).publish(JOB_LANES.cpu.subject, JSON.stringify({ jobId: 'forged' }), { timeout: 2000 })).rejects.toThrow(/Permissions Violation/);
  });
});

describe('the real services signed in as their own NATS users', () => {
  let nats: Awaited<ReturnType<typeof startConfiguredNats>>;
  const running: RunningService[] = [];

  beforeAll(async () => {
    nats = await startConfiguredNats('nats-server.conf', 'password');
    running.push(await startServiceForTest(billingService, nats.target('billing')));
    // Generation connects its client to billing and creates its job stream and consumer at start.
    running.push(await startServiceForTest(generationService, nats.target('generation')));
  });
  afterAll(async () => {
    for (const service of running.reverse()) await service.close();
    await nats?.stop();
  });

  it('answers the gateway', async () => {
    const gateway = await ServiceClient.connect(nats.target('gateway'), 5000, 'test-gateway', 'gateway');
    try {
      await expect(gateway.send(pingSubject('generation'), {})).resolves.toMatchObject({ service: 'generation', database: 'up' });
      await expect(gateway.send(Subjects.generation.actorsList, {})).resolves.toEqual(expect.any(Array));
      await expect(gateway.send(pingSubject('billing'), {})).resolves.toMatchObject({ service: 'billing', database: 'up' });
    } finally {
      await gateway.close();
    }
  });
});

describe('NATS users with NKeys (deploy/nats/nats-server-nkeys.conf)', () => {
  withoutContractCheck();
  let nats: Awaited<ReturnType<typeof startConfiguredNats>>;
  let content: INestMicroservice;

  beforeAll(async () => {
    nats = await startConfiguredNats('nats-server-nkeys.conf', 'nkey');
    content = await bootstrapService(probeModule('content'), 'content', nats.target('content'));
  });
  afterAll(async () => {
    await content?.close();
    await nats?.stop();
  });

  it('signs each process in with its seed, under the same permissions', async () => {
    const gateway = await ServiceClient.connect(nats.target('gateway'), 2000, 'test-gateway', 'gateway');
    const contentClient = await ServiceClient.connect(nats.target('content'), 1000, 'test-content', 'content');
    try {
      await expect(gateway.send(Subjects.content.postsList, {})).resolves.toEqual({ service: 'content', subject: Subjects.content.postsList });
      const violation = nextPermissionViolation(contentClient.nats);
      contentClient.publish(probedEvent(Subjects.billing.creditsRelease), { jobId: 'any' });
      await expect(violation).resolves.toMatchObject({ operation: 'publish', subject: Subjects.billing.creditsRelease });
    } finally {
      await contentClient.close();
      await gateway.close();
    }
  });

  it('lets each service ask the other services whatever its code asks them', async () => {
    const asked = subjectsAskedOfOthers();
    expect(asked).toContainEqual({ service: 'generation', subject: Subjects.billing.creditsRelease });
    const refused: string[] = [];
    for (const { service, subject } of asked) {
      const connection = await rawConnection(nats.target(service), service);
      // Allowed: an answer or "no responders" (nothing serves it here); refused: a permission violation.
      const outcome = await connection.request(subject, '{}', { timeout: 2000 }).then(() => 'answered', (error: Error) => error.message);
      if (/Permissions Violation/.test(outcome)) refused.push(`${service} → ${subject}`);
      await connection.close();
    }
    expect(refused).toEqual([]);
  });

  it('refuses a seed the server does not know', async () => {
    const stranger = newNatsCredentials('content', 'nkey').process;
    await expect(ServiceClient.connect({ NATS_URL: nats.server.url, ...stranger })).rejects.toThrow(/Authorization Violation/);
  });
});

describe('NATS without credentials (the embedded default)', () => {
  withoutContractCheck();
  let server: PrivateNats;
  const directory = mkdtempSync(join(tmpdir(), 'nats-open-'));

  beforeAll(async () => {
    const started = await startPrivateNats(directory);
    if (!started) throw new Error('this test needs the nats-server binary (Debian: apt-get install nats-server)');
    server = started;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('connects every process as before, whatever its role', async () => {
    const service = await bootstrapService(probeModule('content'), 'content', { NATS_URL: server.url });
    const gateway = await ServiceClient.connect({ NATS_URL: server.url }, 2000, 'test-gateway', 'gateway');
    try {
      await expect(gateway.send(pingSubject('content'), {})).resolves.toEqual({ service: 'content', subject: pingSubject('content') });
    } finally {
      await gateway.close();
      await service.close();
    }
  });
});
