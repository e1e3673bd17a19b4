import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { parseTrustProxy, untrustedForwardingAlarm } from './trust-proxy';

describe(parseTrustProxy.name, () => {
  it('reads a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('0')).toBe(0);
  });

  it('reads a list of range names, addresses and CIDR ranges', () => {
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7']);
  });

  it('refuses anything else, including "true" (which would trust every hop)', () => {
    for (const value of ['true', '', 'loopback,', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', 'example.com', '-1', '1.5']) expect([value, parseTrustProxy(value)]).toEqual([value, null]);
  });
});

describe(untrustedForwardingAlarm.name, () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

  /** A gateway-like app on loopback with `trustProxy`, and its error log. */
  async function start(trustProxy: string, production: boolean) {
    const errors: string[] = [];
    const app = express();
    app.set('trust proxy', parseTrustProxy(trustProxy));
    app.use(untrustedForwardingAlarm({ error: (_fields: object, message: string) => errors.push(message) }, { production, trustProxy }));
    app.get('/', (request, response) => response.send(request.ip));
    const server = await new Promise<Server>((done) => {
      const listening = app.listen(0, '127.0.0.1', () => done(listening));
    });
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const get = (headers: Record<string, string> = {}) => fetch(origin, { headers }).then((response) => response.text());
    return { errors, get };
  }

  it('logs one error, in production, when X-Forwarded-For comes from a hop TRUST_PROXY does not trust', async () => {
    // The compose case: the proxy (here loopback) is not in TRUST_PROXY, so every visitor is its address.
    const { errors, get } = await start('10.0.0.0/8', true);
    await expect(get()).resolves.toBe('127.0.0.1'); // no header: nothing to say
    expect(errors).toEqual([]);
    await expect(get({ 'x-forwarded-for': '203.0.113.7' })).resolves.toBe('127.0.0.1');
    await get({ 'x-forwarded-for': '203.0.113.8' });
    expect(errors).toEqual([expect.stringMatching(/^X-Forwarded-For arrived from 127\.0\.0\.1, which TRUST_PROXY \(10\.0\.0\.0\/8\) does not trust: /)]);
  });

  it('stays quiet when the hop is trusted, and outside production', async () => {
    const trusted = await start('loopback', true);
    await expect(trusted.get({ 'x-forwarded-for': '203.0.113.7' })).resolves.toBe('203.0.113.7');
    expect(trusted.errors).toEqual([]);
    const development = await start('10.0.0.0/8', false);
    await development.get({ 'x-forwarded-for': '203.0.113.7' });
    expect(development.errors).toEqual([]);
  });
});
