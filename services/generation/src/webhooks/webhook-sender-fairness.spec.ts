import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ServiceClient } from '@lipcast/nest-kit';
import type { GenerationSettings } from '../settings';
import type { QueuedAttempt, WebhookQueue } from './webhook-queue';
import { WebhookSender } from './webhook-sender';
import type { WebhooksRepository } from './webhooks.repository';

/** The work queue as `WorkQueuePuller` runs it: at most `concurrency` handlers at once, in order; a re-queued attempt goes to the back. */
class FakeQueue {
  private readonly waiting: QueuedAttempt[] = [];
  private running = 0;
  private concurrency = 0;
  private handle: ((attempt: QueuedAttempt) => Promise<void>) | null = null;

  async ensure(): Promise<void> {}
  async stop(): Promise<void> {}

  consume(concurrency: number, handle: (attempt: QueuedAttempt) => Promise<void>): Promise<void> {
    this.concurrency = concurrency;
    this.handle = handle;
    this.pump();
    return Promise.resolve();
  }

  async enqueue(deliveryId: string, manual: boolean, _messageId: string, priorAttempts = 0): Promise<void> {
    this.add(deliveryId, manual, priorAttempts + 1);
  }

  add(deliveryId: string, manual = false, delivery = 1): void {
    this.waiting.push({ deliveryId, manual, delivery, done: () => undefined, retryLater: () => undefined });
    this.pump();
  }

  private pump(): void {
    while (this.handle && this.running < this.concurrency && this.waiting.length) {
      const attempt = this.waiting.shift()!;
      this.running++;
      void this.handle(attempt).finally(() => {
        this.running--;
        setImmediate(() => this.pump());
      });
    }
  }
}

jest.setTimeout(20_000);

const HOG = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';

describe('WebhookSender slots per user', () => {
  let server: Server;
  let base: string;
  /** Requests to `/never/…` (a tarpit: never answered), and the paths answered 200. */
  const held: ServerResponse[] = [];
  const answered: string[] = [];

  beforeEach(async () => {
    held.length = 0;
    answered.length = 0;
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      if (request.url!.startsWith('/never')) held.push(response);
      else {
        answered.push(request.url!);
        response.end('ok');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("keeps one user to a quarter of the 16 shared slots: a tarpit user's deliveries wait for that user's slots, and another customer's is sent at once", async () => {
    const queue = new FakeQueue();
    const deliveries = new Map<string, object>();
    const delivery = (userId: string, path: string) => {
      const id = crypto.randomUUID();
      deliveries.set(id, { id, userId, endpointId: null, url: `${base}${path}`, event: 'video.succeeded', payload: { id }, status: 'pending', attempts: 0 });
      return id;
    };
    const repository = { delivery: async (id: string) => deliveries.get(id), recordAttempt: async () => undefined } as unknown as WebhooksRepository;
    const settings = {
      GENERATION_ROLE: 'all',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      webhookAllowedPorts: [443, 80],
      WEBHOOK_TIMEOUT_MS: 60_000,
      WEBHOOK_SECRET_KEY: 'a-test-webhook-secret-key',
      webhookRetrySchedule: [60_000],
    } as unknown as GenerationSettings;
    const orm = { em: { fork: () => ({}) } } as unknown as MikroORM;
    const sender = new WebhookSender(queue as unknown as WebhookQueue, repository, settings, orm, {} as ServiceClient);
    await sender.onApplicationBootstrap();

    // 20 endpoints of one user that never answer, then one delivery of another customer.
    for (let index = 0; index < 20; index++) queue.add(delivery(HOG, `/never/${index}`));
    queue.add(delivery(OTHER, '/other'));

    const deadline = Date.now() + 5000;
    while (!answered.includes('/other') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect({ otherDelivered: answered.includes('/other'), hogInFlight: held.length }).toEqual({ otherDelivered: true, hogInFlight: 4 });

    // The tarpit answers one: the user's next delivery takes that user's freed slot, never more than 4 at once.
    held.shift()!.end('late');
    const sent = held.length;
    for (const until = Date.now() + 2000; held.length === sent && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held.length).toBe(4);
  });
});
