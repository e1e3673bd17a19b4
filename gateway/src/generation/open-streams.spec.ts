import type { AddressInfo } from 'node:net';
import { Module, type INestApplication } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { Subjects, type JobState, type ReplyOf, type Subject } from '@lipcast/contracts';
import { createLogger, readEnv, ServiceClient } from '@lipcast/nest-kit';
import { CurrentUsers } from '../auth/current-users';
import { SignedInGuard } from '../auth/signed-in.guard';
import { Draining } from '../http/draining';
import { HttpErrorFilter } from '../http/error.filter';
import { PublicReads } from '../http/public-reads';
import { GatewaySettings } from '../settings';
import { GenerationController } from './generation.controller';
import { JobWatcherRecords } from './job-watcher-records';
import { JobWatchers } from './job-watchers';
import { OpenStreams } from './open-streams';

const JOB_ID = '00000000-0000-4000-8000-000000000001';
const running: JobState = { id: JOB_ID, kind: 'lipsync', status: 'running', progress: 10, url: null, error: null };

/** The generation service as a port: every job is running and never changes; it counts what was asked. */
class FakeServices {
  readonly asked: string[] = [];
  async send<S extends Subject>(subject: S): Promise<ReplyOf<S>> {
    this.asked.push(subject);
    return running as ReplyOf<S>;
  }
  subscribe(): () => void {
    return () => undefined;
  }
}

/** The job-watchers bucket as a port: nothing here reads it. */
const noRecords = { put: () => undefined, delete: () => undefined };

async function startGateway(env: Record<string, string>) {
  const services = new FakeServices();
  const settings = readEnv(GatewaySettings, { S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', ...env });
  @Module({
    controllers: [GenerationController],
    providers: [
      { provide: ServiceClient, useValue: services },
      { provide: GatewaySettings, useValue: settings },
      { provide: APP_GUARD, useClass: SignedInGuard },
      CurrentUsers,
      { provide: PublicReads, useValue: new PublicReads(services as unknown as ServiceClient, 0) },
      OpenStreams,
      JobWatchers,
      { provide: JobWatcherRecords, useValue: noRecords },
      Draining,
    ],
  })
  class StreamsTestModule {}
  const app = await NestFactory.create(StreamsTestModule, { logger: false });
  // Sessions stand-in: the test says who is signed in.
  app.use((request: Request, _response: Response, next: NextFunction) => {
    (request as unknown as { session: { userId?: string } }).session = { userId: request.header('x-test-user') };
    next();
  });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpErrorFilter(createLogger('gateway-test')));
  await app.listen(0, '127.0.0.1');
  return { app, services, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe(OpenStreams.name, () => {
  let app: INestApplication;
  let services: FakeServices;
  let base: string;
  const opened: AbortController[] = [];
  const openStream = async (user: string) => {
    const controller = new AbortController();
    opened.push(controller);
    const response = await fetch(`${base}/api/jobs/${JOB_ID}/events`, { headers: { 'x-test-user': user }, signal: controller.signal });
    return { response, close: () => controller.abort() };
  };

  beforeAll(async () => ({ app, services, base } = await startGateway({ MAX_OPEN_STREAMS_PER_USER: '10' })));
  afterEach(() => opened.splice(0).forEach((controller) => controller.abort()));
  afterAll(() => app.close());

  it("answers a user's 11th concurrent stream with 429, leaves other users alone, and gives the place back when a stream closes", async () => {
    const streams = [];
    for (let index = 0; index < 10; index++) streams.push(await openStream('ada'));
    expect(streams.map(({ response }) => response.status)).toEqual(Array(10).fill(200));

    const eleventh = await openStream('ada');
    expect(eleventh.response.status).toBe(429);
    expect((await openStream('bob')).response.status).toBe(200);

    streams[0].close();
    await until(() => app.get(OpenStreams).openFor('ada') === 9);
    expect((await openStream('ada')).response.status).toBe(200);
  });

  it('counts a held lip-sync request as one of the places, and refuses it before starting a job', async () => {
    for (let index = 0; index < 10; index++) await openStream('cy');
    const asked = services.asked.length;
    const held = await fetch(`${base}/api/replicate/lipsync`, { method: 'POST', headers: { 'x-test-user': 'cy', 'content-type': 'application/json' }, body: '{}' });
    expect(held.status).toBe(429);
    expect(services.asked.slice(asked)).not.toContain(Subjects.generation.lipsyncStart);
  });
});

describe('job event stream lifetime', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => ({ app, base } = await startGateway({ STREAM_LIFETIME_MS: '200' })));
  afterAll(() => app.close());

  it('ends a stream of an unfinished job after its lifetime (the browser reconnects), and frees its place', async () => {
    const response = await fetch(`${base}/api/jobs/${JOB_ID}/events`, { headers: { 'x-test-user': 'ada' } });
    expect(response.status).toBe(200);
    // Reading to the end returns only because the gateway ends the stream: the job never finishes.
    const body = await response.text();
    expect(body).toContain('event: progress');
    expect(body).toContain('"status":"running"');
    await until(() => app.get(OpenStreams).openFor('ada') === 0);
  });
});

describe('a draining gateway', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => ({ app, base } = await startGateway({ LIPSYNC_HOLD_MS: '600000', STREAM_LIFETIME_MS: '600000' })));
  afterAll(() => app.close());

  it('answers a held lip-sync request at once with 202 and ends job event streams, freeing their places', async () => {
    const stream = await fetch(`${base}/api/jobs/${JOB_ID}/events`, { headers: { 'x-test-user': 'dee' } });
    expect(stream.status).toBe(200);
    const held = fetch(`${base}/api/replicate/lipsync`, { method: 'POST', headers: { 'x-test-user': 'dee', 'content-type': 'application/json' }, body: '{}' });
    await until(() => app.get(OpenStreams).openFor('dee') === 2);

    app.get(Draining).begin();
    // Both return only because the gateway answers and ends them: the job never finishes, and both would wait ten minutes.
    const answer = await held;
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ predictionId: JOB_ID, status: 'processing' });
    expect(await stream.text()).toContain('"status":"running"');
    await until(() => app.get(OpenStreams).openFor('dee') === 0);
  });
});
