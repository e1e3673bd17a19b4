import { randomUUID } from 'node:crypto';
import type { Context } from '@opentelemetry/api';
import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { connect, createInbox, headers as natsHeaders, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { ErrorCode, isServiceErrorPayload, Messages, REQUEST_ID_HEADER, type EventSubject, type PayloadOf, type ReplyOf, type RequestOf, type Subject } from '@lipcast/contracts';
import { checkContract } from './contract-check';
import { ServiceError } from './errors';
import { recordNatsRequest, secondsSince } from './metrics';
import { NatsConnectError, natsConnectionOptions, type NatsCredentials, type NatsRole, type NatsTarget } from './nats-connection';
import { currentRequestId } from './request-context';
import { beginSpan, injectTraceHeaders, SpanKind } from './tracing';

export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
/** What a request answers when it would not fit in one NATS message. */
export const REQUEST_TOO_LARGE_MESSAGE = 'The request is too large.';
/** NATS's default max_payload (1 MB), for the moment before the server's INFO arrives. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room kept for the message's headers (the request id), which count towards max_payload. */
const HEADERS_ROOM = 4096;

/** Reply packet of a Nest NATS handler: the first reply carries the response or the error. */
interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
}

interface PendingRequest {
  resolve(message: Msg): void;
  reject(): void;
  timer: NodeJS.Timeout;
}

/** NATS status of the reply the server sends when no subscriber listens on the subject. */
const NO_RESPONDERS = 503;

/**
 * Request/reply to the services over NATS, speaking Nest's packet format. It uses the NATS client
 * directly rather than Nest's ClientProxy so that a stopped service answers at once ("no
 * responders") instead of after a time-out, and every request carries the current request id.
 * Replies come back on one wildcard inbox subscription and are matched to requests by token: the
 * client's own `request()` builds an Error (with its stack) for every call, which cost the
 * gateway a tenth of its CPU under load.
 */
export class ServiceClient {
  private readonly inbox: string;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly replies: Subscription;
  private nextToken = 0;
  /** False while the connection to NATS is lost (it reconnects by itself): requests then fail at once. */
  private connected = true;

  private constructor(
    /** The underlying connection, for JetStream. */
    readonly nats: NatsConnection,
    private readonly timeoutMs: number,
    inboxPrefix?: string,
  ) {
    this.inbox = createInbox(inboxPrefix);
    this.replies = nats.subscribe(`${this.inbox}.*`, { callback: (_error, message) => this.settle(message) });
    void this.followConnection();
  }

  /**
   * While NATS is away nothing can answer: requests fail at once (503) instead of each waiting for
   * its time-out, and those waiting are failed when the connection drops.
   */
  private async followConnection(): Promise<void> {
    for await (const status of this.nats.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        for (const [token, request] of this.pending) {
          this.pending.delete(token);
          clearTimeout(request.timer);
          request.reject();
        }
      } else if (status.type === 'reconnect') {
        this.connected = true;
      }
    }
  }

  private settle(message: Msg): void {
    const token = message.subject.slice(this.inbox.length + 1);
    const request = this.pending.get(token);
    if (!request) return; // timed out already
    this.pending.delete(token);
    clearTimeout(request.timer);
    if (message.headers?.code === NO_RESPONDERS) request.reject();
    else request.resolve(message);
  }

  /** Publishes a request and waits for its reply; rejects on no responders, time-out or a lost connection. */
  private request(subject: string, payload: string, headers: ReturnType<typeof natsHeaders>, timeoutMs: number): Promise<Msg> {
    if (!this.connected) return Promise.reject(new Error('NATS is not connected'));
    const token = String(this.nextToken++);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject();
      }, timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.nats.publish(subject, payload, { reply: `${this.inbox}.${token}`, headers });
      } catch {
        this.pending.delete(token);
        clearTimeout(timer);
        reject();
      }
    });
  }

  /**
   * Connects once; afterwards the client reconnects on its own for as long as the process runs.
   * `target` is a URL (no credentials) or settings with the process's NATS credentials; `role`
   * puts the reply inboxes under that process's prefix, the only one its NATS user may read.
   */
  static async connect(target: string | NatsTarget, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, name = 'lipcast-client', role?: NatsRole): Promise<ServiceClient> {
    const options = natsConnectionOptions(target, name, role);
    const connection = await connect(options).catch((error: unknown) => {
      throw new NatsConnectError(name, String(options.servers), error);
    });
    return new ServiceClient(connection, timeoutMs, options.inboxPrefix);
  }

  /** Round trip to the NATS server (readiness); rejects while disconnected or after `timeoutMs`. */
  async ping(timeoutMs = this.timeoutMs): Promise<number> {
    if (!this.connected) throw new Error('NATS is not connected (reconnecting)');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from NATS within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.nats.rtt(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends a request and waits for its answer; counted in the NATS client metrics by subject and
   * outcome. The subject (a `Subjects` entry) types both: `data` is its request, the answer its reply.
   */
  async send<S extends Subject>(subject: S, data: RequestOf<S>, timeoutMs = this.timeoutMs): Promise<ReplyOf<S>> {
    const started = process.hrtime.bigint();
    // A client span when tracing (its traceparent travels in the headers): the service's span is its child.
    const span = beginSpan(`nats request ${subject}`, { kind: SpanKind.CLIENT, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } });
    try {
      const response = (await this.sendUnmeasured(subject, data, timeoutMs, span?.context)) as ReplyOf<S>;
      recordNatsRequest('client', subject, 'ok', secondsSince(started));
      span?.end();
      return response;
    } catch (error) {
      const code = error instanceof ServiceError ? error.code : ErrorCode.Internal;
      recordNatsRequest('client', subject, code, secondsSince(started));
      span?.span.setAttribute('lipcast.error_code', code);
      span?.end(error);
      throw error;
    }
  }

  private async sendUnmeasured(subject: string, data: unknown, timeoutMs: number, trace?: Context): Promise<unknown> {
    const headers = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    if (trace) injectTraceHeaders(headers, trace);
    const packet = JSON.stringify({ pattern: subject, data, id: randomUUID() });
    // NATS refuses a message over the server's max_payload: that is the request's fault, not a missing service.
    if (Buffer.byteLength(packet) + HEADERS_ROOM > (this.nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD)) {
      throw new ServiceError(ErrorCode.PayloadTooLarge, REQUEST_TOO_LARGE_MESSAGE);
    }
    let reply: ReplyPacket;
    try {
      const message = await this.request(subject, packet, headers, timeoutMs);
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
    checkContract(subject, 'caller', data, reply.response);
    return reply.response;
  }

  /** Fire-and-forget event (progress, completion) with its subject's payload; nobody listening is fine. */
  publish<E extends EventSubject>(subject: E, data: PayloadOf<E>): void {
    checkContract(subject, 'publisher', null, data);
    this.nats.publish(subject, JSON.stringify(data));
  }

  /** Listens to events on `subject` until the returned function is called. */
  subscribe<E extends EventSubject>(subject: E, handler: (event: PayloadOf<E>, subject: string) => void): () => void {
    const subscription = this.nats.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        const event = message.json<PayloadOf<E>>();
        try {
          checkContract(message.subject, 'subscriber', null, event);
        } catch {
          return; // an event off its contract is not handled (the check has printed why)
        }
        handler(event, message.subject);
      },
    });
    return () => subscription.unsubscribe();
  }

  async close(): Promise<void> {
    this.replies.unsubscribe();
    // No reply can arrive any more: requests still waiting fail now rather than hold the process until their time-out.
    for (const [token, request] of this.pending) {
      this.pending.delete(token);
      clearTimeout(request.timer);
      request.reject();
    }
    await this.nats.drain().catch(() => this.nats.close());
  }
}

export interface ServiceClientOptions {
  url: string;
  timeoutMs?: number;
  /** Connection name shown by the NATS server's monitoring. */
  name?: string;
  /** The process's NATS credentials (unset: an open server). */
  credentials?: NatsCredentials;
  /** The process this client belongs to (its reply inboxes, see `inboxPrefix`). */
  role?: NatsRole;
}

/** Provides one connected `ServiceClient` to the whole application and drains it at shutdown. */
@Global()
@Module({})
export class ServiceClientModule implements OnApplicationShutdown {
  constructor(private readonly client: ServiceClient) {}

  static forRoot(options: ServiceClientOptions): DynamicModule {
    return {
      module: ServiceClientModule,
      providers: [{ provide: ServiceClient, useFactory: () => ServiceClient.connect({ ...options.credentials, NATS_URL: options.url }, options.timeoutMs, options.name, options.role) }],
      exports: [ServiceClient],
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }
}
