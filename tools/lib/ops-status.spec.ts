import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { everyServiceUp, readStatus, type GatewayStatus } from './ops-status.ts';

describe('every service up, read from the gateway status view', () => {
  let server: Server;
  let url: string;
  let status: GatewayStatus;
  const up = (): GatewayStatus => ({
    ready: true,
    dependencies: { postgres: { ok: true }, nats: { ok: true }, objectStore: { ok: true } },
    services: { auth: { ok: true }, generation: { ok: true }, billing: { ok: true }, content: { ok: true } },
  });

  beforeAll(async () => {
    // The shape the gateway's ops listener answers on /status (nest-kit ops.ts, gateway health/readiness.ts).
    server = createServer((request, response) => {
      if (request.url !== '/status') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ process: 'gateway', ...status }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is up only when the gateway is ready and every watched dependency and service answers', async () => {
    status = up();
    expect(everyServiceUp(await readStatus(url))).toBe(true);
    status = { ...up(), services: { ...up().services, content: { ok: false } } };
    expect(everyServiceUp(await readStatus(url))).toBe(false);
    status = { ...up(), dependencies: { ...up().dependencies, objectStore: { ok: false } } };
    expect(everyServiceUp(await readStatus(url))).toBe(false);
    status = { ...up(), ready: false };
    expect(everyServiceUp(await readStatus(url))).toBe(false);
  });

  it('is not up while the status view does not answer, or lists no service', async () => {
    expect(everyServiceUp(await readStatus('http://127.0.0.1:1'))).toBe(false);
    expect(everyServiceUp({ ready: true, dependencies: { postgres: { ok: true } } })).toBe(false);
  });
});
