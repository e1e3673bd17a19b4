/**
 * A stand-in for an OpenTelemetry collector's OTLP/HTTP traces receiver, for tests and benchmarks:
 * our processes export to it (`OTEL_EXPORTER_OTLP_ENDPOINT=<url>`) and the test reads what arrived.
 *
 * Speaks: POST /v1/traces with OTLP/JSON (`content-type: application/json`, what the Node
 * `@opentelemetry/exporter-trace-otlp-http` exporter sends), answered `{}`; spans are kept in memory,
 * flattened with their resource's `service.name`. GET /spans lists them (JSON) for a test in
 * another process; DELETE /spans forgets them.
 * Does not speak: protobuf (415, set the exporter protocol to http/json), gzip, metrics and logs.
 */
import { createServer, type Server } from 'node:http';
import { jsonSender, listen, readBody, stopServer } from '../lib/http-stand-in.ts';

/** OTLP span kinds (the JSON encoding sends the enum's number). */
export const SpanKinds = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 2 = error (OTLP's STATUS_CODE_ERROR). */
  statusCode: number;
  /** Spans this one follows from in other traces (OTLP span links). */
  links: { traceId: string; spanId: string }[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[]; status?: { code?: number }; links?: { traceId: string; spanId: string }[] }[];
    }[];
  }[];
}

function attributeValue(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? '';
}

function attributes(list: OtlpAttribute[] = []): Record<string, string | number | boolean> {
  return Object.fromEntries(list.map(({ key, value }) => [key, attributeValue(value)]));
}

/** The spans of one OTLP/JSON export request, flattened. */
export function flattenTraces(body: OtlpTraces): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributes(resourceSpans.resource?.attributes)['service.name'] ?? 'unknown');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        attributes: attributes(span.attributes),
        statusCode: span.status?.code ?? 0,
        links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
      })),
    );
  });
}

export interface OtlpCollector {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every span received so far. */
  spans(): CollectedSpan[];
  /** Export requests received so far. */
  requests(): number;
  clear(): void;
  close(): Promise<void>;
}

const sendJson = jsonSender();

/** Starts the stand-in on `port` (0: any free port) of the loopback address. */
export async function startOtlpCollector(port = 0): Promise<OtlpCollector> {
  const collected: CollectedSpan[] = [];
  let exports = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const send = (status: number, payload: unknown) => sendJson(response, status, payload);
      if (request.url === '/v1/traces' && request.method === 'POST') {
        if (!request.headers['content-type']?.startsWith('application/json')) return send(415, { message: 'only OTLP/JSON is accepted (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)' });
        exports++;
        collected.push(...flattenTraces(JSON.parse(body.toString()) as OtlpTraces));
        return send(200, {});
      }
      if (request.url === '/spans' && request.method === 'GET') return send(200, collected);
      if (request.url === '/spans' && request.method === 'DELETE') {
        collected.length = 0;
        return send(200, {});
      }
      send(404, { message: 'not found' });
    })().catch((error: unknown) => sendJson(response, 400, { message: String(error) }));
  });
  const bound = await listen(server, port, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${bound}`,
    spans: () => [...collected],
    requests: () => exports,
    clear: () => void (collected.length = 0),
    close: () => stopServer(server),
  };
}
