import 'reflect-metadata';
import {
  Catch, ValidationPipe, type ArgumentsHost, type CallHandler, type ExecutionContext, type INestMicroservice, type NestInterceptor,
  type RpcExceptionFilter, type ValidationError,
} from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions, type NatsContext } from '@nestjs/microservices';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Observable, throwError, type Subscriber } from 'rxjs';
import { ErrorCode, REQUEST_ID_HEADER, type ServiceErrorPayload, type ServiceName } from '@lipcast/contracts';
import { checkContract } from './contract-check';
import { validateEnv } from './env';
import { ServiceError, toServiceErrorPayload } from './errors';
import { isConnectionOutage } from './outages';
import { DEFAULT_OPS_PORTS, OpsRegistry, startOpsListener, type OpsListener } from './ops';
import type { ServiceDefinition } from './service-definition';
import type { ServiceSettings } from './settings';
import { StorageService } from './storage';
import { createLogger, PinoNestLogger } from './logger';
import { recordNatsRequest, secondsSince } from './metrics';
import { NatsConnectError, natsConnectionOptions, type NatsTarget } from './nats-connection';
import { acceptOrCreateRequestId, runWithRequestId } from './request-context';
import { stopOnSignals } from './shutdown';
import { beginSpan, extractTraceHeaders, flushTracing, SpanKind, startTracing } from './tracing';
import { context as traceContext } from '@opentelemetry/api';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';

/**
 * Every error leaves a handler as `{code, message, details?}`; unknown ones are logged and hidden.
 * PostgreSQL or NATS out of reach leaves as `UNAVAILABLE`, logged once as a warning with the reason.
 */
@Catch()
export class ServiceErrorFilter implements RpcExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<ServiceErrorPayload> {
    const payload = toServiceErrorPayload(exception);
    if (payload.code === ErrorCode.Internal) this.logger.error({ err: exception }, 'handler failed');
    else if (!(exception instanceof ServiceError) && isConnectionOutage(exception)) {
      this.logger.warn({ reason: exception instanceof Error ? exception.message : String(exception) }, 'PostgreSQL or NATS unavailable: answered 503');
    }
    return throwError(() => payload);
  }
}

/** Field messages of a failed DTO validation, keyed by property path. */
export function validationDetails(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) details[path] = Object.values(error.constraints);
    Object.assign(details, validationDetails(error.children ?? [], path));
  }
  return details;
}

/**
 * The one ValidationPipe (whitelist, transform) of every process, the services' NATS handlers and the
 * gateway's routes alike: a refused request is `VALIDATION` with its first message and every field's
 * messages in `details.fields`, whichever end refuses it (ARCHITECTURE.md, "Request classes").
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => {
      const details = validationDetails(errors);
      const first = Object.values(details)[0]?.[0] ?? 'Invalid request';
      return ServiceError.validation(first, { fields: details });
    },
  });
}

/**
 * Runs each NATS handler with the caller's request id (for the logs) and its own MikroORM request
 * context (outside HTTP nothing forks the EntityManager per message), and logs the outcome.
 */
export class HandlerContextInterceptor implements NestInterceptor {
  constructor(
    private readonly orm: MikroORM | null,
    private readonly logger: Logger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const subject = nats.getSubject();
    const headers = nats.getHeaders?.();
    // The payload as the caller sent it (the ValidationPipe makes its own copy), for the contract check.
    const request: unknown = context.switchToRpc().getData();
    const requestId = acceptOrCreateRequestId(headers?.get(REQUEST_ID_HEADER));
    const started = process.hrtime.bigint();
    // When tracing: a server span, child of the caller's span whose traceparent the headers carry.
    const span = beginSpan(`nats handle ${subject}`, {
      kind: SpanKind.SERVER,
      parent: extractTraceHeaders(headers),
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject },
    });
    const logOutcome = (outcome: string, error?: unknown) => {
      recordNatsRequest('server', subject, outcome, secondsSince(started));
      const log = () => runWithRequestId(requestId, () => this.logger.info({ subject, outcome, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'message'));
      if (!span) return log();
      traceContext.with(span.context, log);
      span.span.setAttribute('lipcast.outcome', outcome);
      span.end(error);
    };
    const handle = (subscriber: Subscriber<unknown>) =>
      runWithRequestId(requestId, () => {
        const run = () =>
          next.handle().subscribe({
            next: (value) => {
              try {
                checkContract(subject, 'service', request, value);
              } catch (violation) {
                logOutcome(ErrorCode.Internal, violation);
                return subscriber.error(violation);
              }
              subscriber.next(value);
            },
            error: (error) => {
              const outcome = toServiceErrorPayload(error).code;
              logOutcome(outcome, outcome === ErrorCode.Internal ? error : undefined);
              subscriber.error(error);
            },
            complete: () => {
              if (subscriber.closed) return; // a contract violation ended it
              logOutcome('ok');
              subscriber.complete();
            },
          });
        if (this.orm) RequestContext.create(this.orm.em, run);
        else run();
      });
    return new Observable((subscriber) => (span ? traceContext.with(span.context, () => handle(subscriber)) : handle(subscriber)));
  }
}

function resolveOptional<T>(resolve: () => T): T | null {
  try {
    return resolve();
  } catch {
    return null;
  }
}

/** A start-up failure whose message says everything; printed without a stack trace. */
export class StartupError extends Error {}

/** MikroORM connects lazily; a service connects at start so a wrong DATABASE_URL fails at once, clearly. */
async function connectDatabase(orm: MikroORM, service: ServiceName): Promise<void> {
  const fail = (reason: string) => {
    const { host, pathname } = new URL(orm.config.get('clientUrl') ?? 'postgresql://unknown');
    return new StartupError(`${service} cannot reach PostgreSQL database "${pathname.slice(1)}" at ${host} (DATABASE_URL): ${reason}`);
  };
  await orm.connect().catch((error: Error) => {
    throw fail(error.message);
  });
  const check = await orm.checkConnection();
  if (!check.ok) throw fail(check.reason ?? 'no answer');
}

/**
 * Starts a service: NATS transport with the service's queue group, so replicas share the load.
 * `nats` is a URL (an open server) or the settings holding the service's NATS credentials.
 */
export async function bootstrapService(module: unknown, service: ServiceName, nats: string | NatsTarget) {
  const logger = createLogger(service);
  const natsUrl = typeof nats === 'string' ? nats : nats.NATS_URL;
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module as never, {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(nats, `lipcast-${service}`, service), queue: service },
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  // Services with a database get a request context per message; ModuleRef lookups do not log misses.
  const orm = resolveOptional(() => app.get(ModuleRef).get<MikroORM>(MikroORM, { strict: false }));
  if (orm) await connectDatabase(orm, service);
  app.useGlobalFilters(new ServiceErrorFilter(logger));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new HandlerContextInterceptor(orm, logger));
  // Signals are handled by `runService` (bounded by SHUTDOWN_GRACE_SECONDS); tests close the app themselves.
  await app.listen().catch((error: unknown) => {
    throw new NatsConnectError(`${service} service`, natsUrl, error);
  });
  const ops = resolveOptional(() => app.get(OpsRegistry, { strict: false }));
  if (ops) registerServiceChecks(app, ops, orm, providesStorage(module));
  logger.info({ natsUrl }, `${service} service listening on NATS (queue group "${service}")`);
  return app;
}

/** Whether the service's module binds the object store (asking Nest for a missing provider logs an error). */
function providesStorage(module: unknown): boolean {
  const providers = (module as { providers?: unknown[] }).providers ?? [];
  return providers.some((provider) => provider === StorageService || (provider as { provide?: unknown })?.provide === StorageService);
}

/** What a service's readiness depends on: its database, NATS and, for media services, the object store. */
function registerServiceChecks(app: INestMicroservice, ops: OpsRegistry, orm: MikroORM | null, hasStorage: boolean): void {
  if (orm) {
    ops.addCheck('postgres', async () => {
      const check = await orm.checkConnection();
      if (!check.ok) throw new Error(check.reason ?? 'no answer');
    });
  }
  ops.addCheck('nats', () => app.unwrap<NatsConnection>().rtt());
  if (hasStorage) {
    const storage = app.get(StorageService, { strict: false });
    ops.addCheck('objectStore', () => storage.probe());
  }
}

/** Starts a running service's operator-only listener (see ops.ts) from its settings. */
export function startServiceOps(app: INestMicroservice, service: ServiceName, settings: ServiceSettings): Promise<OpsListener> {
  return startOpsListener({
    name: service,
    registry: app.get(OpsRegistry, { strict: false }),
    host: settings.OPS_HOST,
    port: settings.OPS_PORT ?? DEFAULT_OPS_PORTS[service],
    token: settings.OPS_TOKEN,
    logger: createLogger(service),
  }).catch((error: Error) => {
    throw new StartupError(error.message);
  });
}

/** A service process's entry point: validated settings, then the service and its ops listener, or a clear exit. */
export function runService(service: ServiceDefinition): void {
  startTracing(service.name);
  const settings = validateEnv(service.settings);
  const started = bootstrapService(service.module(settings), service.name, settings).then(async (app) => ({ app, ops: await startServiceOps(app, service.name, settings) }));
  started.catch((error) => {
    console.error(`${service.name} service failed to start:`, error instanceof StartupError || error instanceof NatsConnectError ? error.message : error);
    process.exit(1);
  });
  // SIGTERM: stop taking requests, run the shutdown hooks (a worker drains its jobs there), then exit.
  stopOnSignals(service.name, settings.SHUTDOWN_GRACE_SECONDS, createLogger(service.name), async () => {
    const { app, ops } = await started;
    await app.close();
    await ops.close();
    await flushTracing(); // the last spans (the drained jobs') before the process exits
  });
}
