import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, subject } from '@lipcast/contracts';
import { REQUEST_TOO_LARGE_MESSAGE, ServiceClient } from './service-client';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const echo = subject<{ text: string }, { ok: true }>()('test.service-client-size.echo.v1');

describe(`${ServiceClient.name} and the NATS message size`, () => {
  let responder: NatsConnection;
  let sut: ServiceClient;
  const received: number[] = [];

  beforeAll(async () => {
    // A bare responder (no Nest) that answers every request in Nest's reply format.
    responder = await connect({ servers: natsUrl });
    responder.subscribe(echo, {
      callback: (_error, message) => {
        received.push(message.data.length);
        const { id } = message.json<{ id: string }>();
        message.respond(JSON.stringify({ id, response: { ok: true }, isDisposed: true }));
      },
    });
    await responder.flush();
    sut = await ServiceClient.connect(natsUrl, 2000);
  });
  afterAll(async () => {
    await sut.close();
    await responder.close();
  });

  it('refuses a request larger than the server takes as PAYLOAD_TOO_LARGE (413), not as a missing service (503), and sends nothing', async () => {
    const maxPayload = sut.nats.info!.max_payload;
    await expect(sut.send(echo, { text: 'x'.repeat(maxPayload) })).rejects.toMatchObject({
      code: ErrorCode.PayloadTooLarge,
      message: REQUEST_TOO_LARGE_MESSAGE,
    });
    expect(received).toEqual([]);
  });

  it('still sends a request well within the limit', async () => {
    await expect(sut.send(echo, { text: 'x'.repeat(100_000) })).resolves.toEqual({ ok: true });
    expect(received).toHaveLength(1);
  });
});
