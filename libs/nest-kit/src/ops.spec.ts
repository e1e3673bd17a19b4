import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from './errors';
import { bearerMatches, OpsRegistry, startOpsListener, type OpsListener } from './ops';

const TOKEN = 'ops-token-for-tests-0123456789';

describe('ops listener', () => {
  const listeners: OpsListener[] = [];
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  });

  async function start(registry: OpsRegistry, token?: string): Promise<OpsListener> {
    const listener = await startOpsListener({ name: 'test-process', registry, host: '127.0.0.1', port: 0, token, version: '1.2.3' });
    listeners.push(listener);
    return listener;
  }

  const healthy = () => {
    const registry = new OpsRegistry();
    registry.addCheck('postgres', async () => undefined);
    return registry;
  };

  it('answers /healthz, and /readyz with 200 while every dependency answers', async () => {
    const ops = await start(healthy());
    expect((await fetch(`${ops.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${ops.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', dependencies: { postgres: { ok: true } } });
  });

  it('answers /readyz with 503 and /status with the raw error text when a dependency fails', async () => {
    const registry = healthy();
    registry.addCheck('objectStore', () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:9000')));
    const ops = await start(registry);

    const ready = await fetch(`${ops.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable' });

    const status = await fetch(`${ops.url}/status`);
    expect(status.status).toBe(200);
    const body = await status.json();
    expect(body).toMatchObject({
      process: 'test-process',
      version: '1.2.3',
      ready: false,
      dependencies: { postgres: { ok: true }, objectStore: { ok: false, error: 'connect ECONNREFUSED 10.0.0.7:9000' } },
    });
    expect(typeof body.uptimeSeconds).toBe('number');
  });

  it('shows a dependency kept out of readiness on /status without making the process unready', async () => {
    const registry = healthy();
    registry.addCheck('objectStore', () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:9000')), { readiness: false });
    const ops = await start(registry);

    const ready = await fetch(`${ops.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).dependencies).toEqual({ postgres: expect.objectContaining({ ok: true }) });
    expect(await (await fetch(`${ops.url}/status`)).json()).toMatchObject({
      ready: true,
      dependencies: { postgres: { ok: true }, objectStore: { ok: false, readiness: false, error: 'connect ECONNREFUSED 10.0.0.7:9000' } },
    });
  });

  it("names what a service error's details say (the subject nobody answered)", async () => {
    const registry = new OpsRegistry();
    registry.addCheck('content', () => Promise.reject(new ServiceError(ErrorCode.Unavailable, 'unavailable', { subject: 'content.health.ping.v1' })));
    expect((await registry.check()).content.error).toBe('unavailable {"subject":"content.health.ping.v1"}');
  });

  it('bounds a dependency that never answers', async () => {
    const registry = new OpsRegistry();
    registry.addCheck('nats', () => new Promise(() => undefined));
    expect(await registry.check(20)).toEqual({ nats: { ok: false, error: 'no answer within 20 ms', ms: expect.any(Number) } });
  });

  it('shows the sections a process contributes, and the error of one that fails', async () => {
    const registry = healthy();
    registry.addSection('ffmpeg', async () => ({ path: '/usr/bin/ffmpeg', version: '5.1.6' }));
    registry.addSection('broken', () => {
      throw new Error('cannot tell');
    });
    const ops = await start(registry);
    expect(await (await fetch(`${ops.url}/status`)).json()).toMatchObject({
      ffmpeg: { path: '/usr/bin/ffmpeg', version: '5.1.6' },
      broken: { error: 'cannot tell' },
    });
    expect(() => registry.addSection('dependencies', () => null)).toThrow('reserved');
  });

  it('needs the bearer token on every route when OPS_TOKEN is set: 401 without, 403 with a wrong one', async () => {
    const ops = await start(healthy(), TOKEN);
    for (const path of ['/healthz', '/readyz', '/status', '/nope']) {
      const anonymous = await fetch(`${ops.url}${path}`);
      expect([path, anonymous.status]).toEqual([path, 401]);
      expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
      expect((await fetch(`${ops.url}${path}`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
    }
    const allowed = await fetch(`${ops.url}/status`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(JSON.stringify(await allowed.json())).not.toContain(TOKEN);
  });

  it('takes further routes (the later /metrics) and answers unknown ones 404', async () => {
    const ops = await start(healthy());
    ops.route('GET', '/metrics', () => ({ status: 200, body: 'lipcast_up 1\n' }));
    const metrics = await fetch(`${ops.url}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toBe('lipcast_up 1\n');
    expect((await fetch(`${ops.url}/nope`)).status).toBe(404);
    expect((await fetch(`${ops.url}/status`, { method: 'POST' })).status).toBe(404);
  });

  it('says which setting to change when its port is taken', async () => {
    const first = await start(healthy());
    await expect(startOpsListener({ name: 'second', registry: healthy(), host: '127.0.0.1', port: first.port })).rejects.toThrow(
      /second cannot open its ops listener on 127\.0\.0\.1:\d+ \(OPS_HOST, OPS_PORT\)/,
    );
  });
});

describe(bearerMatches.name, () => {
  it('accepts exactly the token, as a bearer credential', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
