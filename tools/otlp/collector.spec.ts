import { SpanKinds, startOtlpCollector } from './collector.ts';

describe('OTLP/HTTP collector stand-in', () => {
  it('keeps the spans of a JSON export, flattened with their service, and refuses protobuf', async () => {
    const collector = await startOtlpCollector();
    try {
      const body = {
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'gateway' } }] },
            scopeSpans: [
              {
                spans: [
                  { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), name: 'POST', kind: SpanKinds.server, attributes: [{ key: 'http.status_code', value: { intValue: '202' } }], status: {} },
                  { traceId: 'a'.repeat(32), spanId: 'c'.repeat(16), parentSpanId: 'b'.repeat(16), name: 'nats request x', kind: SpanKinds.client, status: { code: 2 } },
                  { traceId: 'd'.repeat(32), spanId: 'e'.repeat(16), name: 'video ready mail', kind: SpanKinds.internal, links: [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), attributes: [] }] },
                ],
              },
            ],
          },
        ],
      };
      const accepted = await fetch(`${collector.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(accepted.status).toBe(200);
      const refused = await fetch(`${collector.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array([1]) });
      expect(refused.status).toBe(415);
      const spans = collector.spans();
      expect(spans).toEqual([
        { service: 'gateway', traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), parentSpanId: '', name: 'POST', kind: 2, attributes: { 'http.status_code': 202 }, statusCode: 0, links: [] },
        { service: 'gateway', traceId: 'a'.repeat(32), spanId: 'c'.repeat(16), parentSpanId: 'b'.repeat(16), name: 'nats request x', kind: 3, attributes: {}, statusCode: 2, links: [] },
        { service: 'gateway', traceId: 'd'.repeat(32), spanId: 'e'.repeat(16), parentSpanId: '', name: 'video ready mail', kind: 1, attributes: {}, statusCode: 0, links: [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16) }] },
      ]);
      expect(await (await fetch(`${collector.url}/spans`)).json()).toEqual(spans);
      expect(collector.requests()).toBe(1);
    } finally {
      await collector.close();
    }
  });
});
