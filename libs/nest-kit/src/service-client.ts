import { randomUUID } from 'node:crypto';
import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, isServiceErrorPayload, Messages, REQUEST_ID_HEADER } from '@lipcast/contracts';
import { ServiceError } from './errors';
import { currentRequestId } from './request-context';

export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/** Reply packet of a Nest NATS handler: the first reply carries the response or the error. */
interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
}

/**
 * Request/reply to the services over NATS, speaking Nest's packet format. It uses the NATS client
 * directly rather than Nest's ClientProxy so that a stopped service answers at once ("no
 * responders") instead of after a time-out, and every request carries the current request id.
 */
export class ServiceClient {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly timeoutMs: number,
  ) {}

  /** Connects once; afterwards the client reconnects on its own for as long as the process runs. */
  static async connect(url: string, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, name = 'lipcast-client'): Promise<ServiceClient> {
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1 });
    return new ServiceClient(connection, timeoutMs);
  }

  /** Round trip to the NATS server (readiness); rejects while disconnected or after `timeoutMs`. */
  async ping(timeoutMs = this.timeoutMs): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from NATS within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.connection.rtt(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async send<TResponse, TRequest = unknown>(subject: string, data: TRequest, timeoutMs = this.timeoutMs): Promise<TResponse> {
    const headers = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const packet = JSON.stringify({ pattern: subject, data, id: randomUUID() });
    let reply: ReplyPacket;
    try {
      const message = await this.connection.request(subject, packet, { timeout: timeoutMs, headers });
      reply = message.json<ReplyPacket>();
    } catch {
      // No responders, a time-out or a lost connection: the service is not there to answer.
      throw new ServiceError(ErrorCode.Unavailable, Messages.serviceUnavailable, { subject });
    }
    if (reply.err !== undefined && reply.err !== null) {
      throw isServiceErrorPayload(reply.err)
        ? ServiceError.fromPayload(reply.err)
        : new ServiceError(ErrorCode.Internal, 'Internal server error', { subject });
    }
    return reply.response as TResponse;
  }

  async close(): Promise<void> {
    await this.connection.drain().catch(() => this.connection.close());
  }
}

export interface ServiceClientOptions {
  url: string;
  timeoutMs?: number;
  /** Connection name shown by the NATS server's monitoring. */
  name?: string;
}

/** Provides one connected `ServiceClient` to the whole application and drains it at shutdown. */
@Global()
@Module({})
export class ServiceClientModule implements OnApplicationShutdown {
  constructor(private readonly client: ServiceClient) {}

  static forRoot(options: ServiceClientOptions): DynamicModule {
    return {
      module: ServiceClientModule,
      providers: [{ provide: ServiceClient, useFactory: () => ServiceClient.connect(options.url, options.timeoutMs, options.name) }],
      exports: [ServiceClient],
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }
}
