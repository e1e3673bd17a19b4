import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsString, MinLength } from 'class-validator';
import { connect } from '@nats-io/transport-node';
import { ErrorCode, subject, type EmptyRequest } from '@lipcast/contracts';
import { ServiceError } from './errors';
import { Handles } from './handles';
import { runWithRequestId, currentRequestId } from './request-context';
import { ServiceClient } from './service-client';
import { bootstrapService } from './service-server';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** The test's own subjects, typed as subjects.ts types the real ones. */
const Probe = {
  greet: subject<{ name: string }, { greeting: string; requestId: string | undefined }>()('test.service-client.greet.v1'),
  conflict: subject<EmptyRequest, never>()('test.service-client.conflict.v1'),
  crash: subject<EmptyRequest, never>()('test.service-client.crash.v1'),
  silent: subject<EmptyRequest, never>()('test.service-client.silent.v1'),
  nobody: subject<EmptyRequest, never>()('test.service-client.nobody.v1'),
};

class GreetDto {
  @IsString()
  @MinLength(2, { message: 'name must be at least 2 characters' })
  name!: string;
}

@Controller()
class ProbeController {
  @Handles(Probe.greet)
  greet(@Payload() dto: GreetDto) {
    return { greeting: `Hello, ${dto.name}`, requestId: currentRequestId() };
  }

  @Handles(Probe.conflict)
  conflict(): never {
    throw new ServiceError(ErrorCode.Conflict, 'Already there', { id: 7 });
  }

  @Handles(Probe.crash)
  crash(): never {
    throw new Error('connection string with a password');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe(ServiceClient.name, () => {
  let service: INestMicroservice;
  let sut: ServiceClient;

  beforeAll(async () => {
    service = await bootstrapService(ProbeModule, 'content', natsUrl);
    sut = await ServiceClient.connect(natsUrl, 2000);
  });
  afterAll(async () => {
    await sut.close();
    await service.close();
  });

  it('returns the handler response and carries the request id to the service', async () => {
    const reply = await runWithRequestId('req-42', () => sut.send(Probe.greet, { name: 'Ada' }));
    expect(reply).toEqual({ greeting: 'Hello, Ada', requestId: 'req-42' });
  });

  it('turns DTO validation failures into VALIDATION errors with the field message', async () => {
    await expect(sut.send(Probe.greet, { name: 'A' })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: 'name must be at least 2 characters',
    });
  });

  it('carries a structured service error across intact', async () => {
    await expect(sut.send(Probe.conflict, {})).rejects.toMatchObject({ code: ErrorCode.Conflict, message: 'Already there', details: { id: 7 } });
  });

  it('hides the text of unexpected errors', async () => {
    await expect(sut.send(Probe.crash, {})).rejects.toMatchObject({ code: ErrorCode.Internal, message: 'Internal server error' });
  });

  it('matches many concurrent replies to their own requests', async () => {
    const names = Array.from({ length: 200 }, (_, index) => `user-${index}`);
    // A generous time-out: this asserts matching, not speed, and 200 requests on a busy CI machine passed 2 s once.
    const replies = await Promise.all(names.map((name) => sut.send(Probe.greet, { name }, 30_000)));
    expect(replies.map((reply) => reply.greeting)).toEqual(names.map((name) => `Hello, ${name}`));
  }, 60_000);

  it('answers UNAVAILABLE after the time-out when a listener never replies', async () => {
    const silent = await connect({ servers: natsUrl });
    silent.subscribe(Probe.silent, { callback: () => undefined });
    await silent.flush();
    const impatient = await ServiceClient.connect(natsUrl, 300);
    try {
      await expect(impatient.send(Probe.silent, {})).rejects.toMatchObject({ code: ErrorCode.Unavailable });
    } finally {
      await impatient.close();
      await silent.close();
    }
  });

  it('answers UNAVAILABLE when no service listens, without waiting for the time-out', async () => {
    // A 60 s time-out: only NATS's "no responders" can end this within the test's own time limit.
    const patient = await ServiceClient.connect(natsUrl, 60_000);
    try {
      await expect(patient.send(Probe.nobody, {})).rejects.toMatchObject({ code: ErrorCode.Unavailable });
    } finally {
      await patient.close();
    }
  });
});
