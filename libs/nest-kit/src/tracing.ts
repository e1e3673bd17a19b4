import { createRequire } from 'node:module';
import {
  context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace,
  type Attributes, type Context, type Link, type Span, type TextMapGetter, type TextMapSetter,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/*
 * OpenTelemetry tracing: started by each process's entry point, and only when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. Otherwise no SDK is
 * loaded at all and every helper here is a plain function call: no span objects, no headers.
 *
 * Incoming and outgoing HTTP (http and fetch), and PostgreSQL queries (`pg`) are traced by the
 * OpenTelemetry instrumentations; NATS requests, JetStream job messages, job handling and ffmpeg
 * runs by our own spans (service-client.ts, service-server.ts, the generation jobs), which carry
 * the W3C `traceparent` in the NATS message headers.
 */

const TRACER_NAME = 'lipcast';
/** W3C trace context only (no baggage): the one header our processes exchange. */
const w3c = new W3CTraceContextPropagator();
let enabled = false;
let stopExport: (() => Promise<void>) | null = null;

/** Where spans go: the OTLP/HTTP traces URL from the standard variables, or null (tracing off). */
export function otlpTracesUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.OTEL_SDK_DISABLED === 'true') return null;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return null;
}

/** OTEL_TRACES_SAMPLER_ARG: the share (0 to 1) of traces begun here that are recorded; all by default. */
export function traceSampleRatio(env: NodeJS.ProcessEnv = process.env): number {
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  return Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 1;
}

/** Operator endpoints polled all day (probes, scrapes): never a trace of their own. */
const UNTRACED_PATHS = /^\/(healthz|readyz|livez|status|metrics)(\/|\?|$)/;

/**
 * Starts the SDK for `service` (OTEL_SERVICE_NAME wins) when an OTLP endpoint is configured; call
 * it first thing in a process. The SDK packages are required here only, so a process without an
 * endpoint never loads them.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): void {
  const url = otlpTracesUrl(env);
  if (!url || enabled) return;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { TracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler } = require('@opentelemetry/sdk-trace') as typeof import('@opentelemetry/sdk-trace');
  const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || service }),
    // The share of new traces kept; a trace begun elsewhere follows its caller's decision (its traceparent).
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(traceSampleRatio(env)) }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }), scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY) || 5000 }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(w3c);
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
        // Background calls (readiness pings of the object store) would each be a trace of one span.
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  hookLoadedModules();
  enabled = true;
  stopExport = () => provider.shutdown();
}

/**
 * The instrumentations patch a module when it is required after they are registered, and patch
 * prototypes (http.Server, pg's Client), which every importer shares. Our ESM dependencies
 * (Nest, MikroORM) import `http` and `pg` without `require`, so they are required here once: that
 * patches the very objects those imports hold, whichever loaded first. MikroORM brings its own `pg`.
 */
function hookLoadedModules(): void {
  const load = (from: string, name: string) => {
    try {
      createRequire(from)(name);
    } catch {
      // Not installed in this process (a service without a database): nothing to trace there.
    }
  };
  load(__filename, 'http');
  load(__filename, 'https');
  load(__filename, 'pg');
  try {
    load(require.resolve('@mikro-orm/postgresql/package.json'), 'pg');
  } catch {
    // No MikroORM here.
  }
}

/** Sends the spans still buffered (at shutdown); nothing when tracing is off. */
export async function flushTracing(): Promise<void> {
  await stopExport?.();
}

/** The trace id of the work in progress, for the logs; undefined when tracing is off or outside a span. */
export function currentTraceContext(): { traceId: string; spanId: string } | undefined {
  if (!enabled) return undefined;
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** The part of NATS's `MsgHdrs` the trace headers need (a real `headers()` object in practice). */
export interface HeaderCarrier {
  get(key: string): string;
  set(key: string, value: string): void;
  has(key: string): boolean;
  keys(): string[];
}

const natsSetter: TextMapSetter<HeaderCarrier> = { set: (headers, key, value) => headers.set(key, value) };
const natsGetter: TextMapGetter<HeaderCarrier> = {
  get: (headers, key) => (headers.has(key) ? headers.get(key) : undefined),
  keys: (headers) => headers.keys(),
};

/** Writes `traceparent` (and `tracestate`) of `from` (default: the active context) into NATS headers; a no-op outside a span. */
export function injectTraceHeaders(headers: HeaderCarrier, from: Context = context.active()): void {
  if (!trace.getSpanContext(from)) return;
  w3c.inject(from, headers, natsSetter);
}

/** The remote parent carried by NATS headers, or undefined when they carry none (or no headers). */
export function extractTraceHeaders(headers: HeaderCarrier | undefined): Context | undefined {
  if (!headers?.has('traceparent')) return undefined;
  const extracted = w3c.extract(ROOT_CONTEXT, headers, natsGetter);
  return trace.getSpanContext(extracted) ? extracted : undefined;
}

export interface SpanStart {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent (a remote one from headers); default: the active context. */
  parent?: Context;
  /** Spans this one follows from without being their child. */
  links?: Link[];
}

/** A span begun for work that ends later (an Observable); `end` records an error when given one. */
export interface OpenSpan {
  span: Span;
  /** The context with this span active, to run the work in. */
  context: Context;
  end(error?: unknown): void;
}

/** Begins a span, or returns null when tracing is off. */
export function beginSpan(name: string, start: SpanStart = {}): OpenSpan | null {
  if (!enabled) return null;
  const parent = start.parent ?? context.active();
  const span = trace.getTracer(TRACER_NAME).startSpan(name, { kind: start.kind ?? SpanKind.INTERNAL, attributes: start.attributes, links: start.links }, parent);
  return {
    span,
    context: trace.setSpan(parent, span),
    end: (error) => {
      if (error !== undefined) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      }
      span.end();
    },
  };
}

/**
 * Runs `work` in a trace of its own whose first span links to the active one: for a follow-up
 * nobody waits for (a mail after a job), so its time and failures are not the job's.
 */
export function inFollowUpTrace<T>(name: string, work: () => Promise<T>): Promise<T> {
  const cause = trace.getSpanContext(context.active());
  return inSpan(name, { parent: ROOT_CONTEXT, links: cause ? [{ context: cause }] : [] }, () => work());
}

/** Runs `work` in a span ended when it settles; when tracing is off it just runs `work`. */
export async function inSpan<T>(name: string, start: SpanStart, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  const open = beginSpan(name, start);
  if (!open) return work(undefined);
  try {
    const result = await context.with(open.context, () => work(open.span));
    open.end();
    return result;
  } catch (error) {
    open.end(error);
    throw error;
  }
}

export { SpanKind };
