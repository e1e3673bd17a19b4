import { ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { beginSpan, currentTraceContext, extractTraceHeaders, injectTraceHeaders, otlpTracesUrl, traceSampleRatio } from './tracing';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';
const inSpan = trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED, isRemote: false });

describe('trace context in NATS headers', () => {
  it('writes the W3C traceparent of the given span context', () => {
    const headers = natsHeaders();
    injectTraceHeaders(headers, inSpan);
    expect(headers.get('traceparent')).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
  });

  it('writes nothing outside a span (tracing off)', () => {
    const headers = natsHeaders();
    injectTraceHeaders(headers, ROOT_CONTEXT);
    injectTraceHeaders(headers);
    expect(headers.keys()).toEqual([]);
  });

  it('reads back the remote parent that was written', () => {
    const headers = natsHeaders();
    headers.set('x-request-id', 'abc');
    injectTraceHeaders(headers, inSpan);
    const parent = trace.getSpanContext(extractTraceHeaders(headers)!);
    expect(parent).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED, isRemote: true });
  });

  it('finds no parent without headers, without traceparent, or with a malformed one', () => {
    expect(extractTraceHeaders(undefined)).toBeUndefined();
    const headers = natsHeaders();
    headers.set('x-request-id', 'abc');
    expect(extractTraceHeaders(headers)).toBeUndefined();
    headers.set('traceparent', '00-not-a-trace-01');
    expect(extractTraceHeaders(headers)).toBeUndefined();
    headers.set('traceparent', `00-${'0'.repeat(32)}-${SPAN_ID}-01`);
    expect(extractTraceHeaders(headers)).toBeUndefined();
  });
});

describe('tracing off', () => {
  it('starts no span and adds no trace id to the logs when no SDK was started', () => {
    expect(beginSpan('nats request x')).toBeNull();
    expect(currentTraceContext()).toBeUndefined();
  });

  it('exports only when an OTLP endpoint is configured', () => {
    expect(otlpTracesUrl({})).toBeNull();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b/traces' })).toBe('http://b/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
  });

  it('samples every trace unless OTEL_TRACES_SAMPLER_ARG keeps a share of them', () => {
    expect(traceSampleRatio({})).toBe(1);
    expect(traceSampleRatio({ OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBe(0.1);
    expect(traceSampleRatio({ OTEL_TRACES_SAMPLER_ARG: '7' })).toBe(1);
    expect(traceSampleRatio({ OTEL_TRACES_SAMPLER_ARG: 'all' })).toBe(1);
  });
});
