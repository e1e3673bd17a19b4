import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { acceptedEncodings, servePrecompressed } from './precompressed';

describe(acceptedEncodings.name, () => {
  it('lists the accepted codings and leaves out those refused with q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br;q=1.0')]).toEqual(['gzip', 'deflate', 'br']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

describe(servePrecompressed.name, () => {
  const source = `console.log(${JSON.stringify('lipcast '.repeat(500))});`;
  let root: string;
  let server: ReturnType<express.Express['listen']>;
  let origin: string;
  const cacheRules: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'lipcast-precompressed-'));
    writeFileSync(join(root, 'main.0123456789abcdef.js'), source);
    writeFileSync(join(root, 'main.0123456789abcdef.js.br'), brotliCompressSync(source));
    writeFileSync(join(root, 'main.0123456789abcdef.js.gz'), gzipSync(source));
    writeFileSync(join(root, 'small.js'), 'void 0;'); // under the build's threshold: no compressed copy
    mkdirSync(join(root, 'prerendered'));
    writeFileSync(join(root, 'prerendered', 'render.cjs'), 'module.exports = {};');
    writeFileSync(join(root, 'prerendered', 'pages.json'), '[]');
    const app = express();
    app.use(servePrecompressed(root, (_response, path) => cacheRules.push(path), 'prerendered'));
    app.use((_request, response) => void response.status(404).send('Not found'));
    await new Promise<void>((done) => {
      server = app.listen(0, '127.0.0.1', () => done());
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  // undici's fetch decodes br and gzip itself, so each answer's text is checked against the source.
  async function get(path: string, acceptEncoding: string) {
    const response = await fetch(origin + path, { headers: { 'accept-encoding': acceptEncoding } });
    return { response, body: await response.text() };
  }

  it('answers brotli-accepting browsers with the brotli copy, typed as the original', async () => {
    const { response, body } = await get('/main.0123456789abcdef.js?v=1', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript|^text\/javascript/);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(body).toBe(source);
    expect(cacheRules.at(-1)).toBe(join(root, 'main.0123456789abcdef.js'));
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzip = await get('/main.0123456789abcdef.js', 'gzip');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.body).toBe(source);
    const identity = await get('/main.0123456789abcdef.js', 'identity');
    expect(identity.response.headers.get('content-encoding')).toBeNull();
    expect(Number(identity.response.headers.get('content-length'))).toBe(Buffer.byteLength(source));
  });

  it('gives each copy its own ETag, so a cache never mixes codings', async () => {
    const brotli = await get('/main.0123456789abcdef.js', 'br');
    const gzip = await get('/main.0123456789abcdef.js', 'gzip');
    expect(brotli.response.headers.get('etag')).not.toBe(gzip.response.headers.get('etag'));
  });

  it('serves files without a compressed copy as they are, and never a path outside its folder', async () => {
    const small = await get('/small.js', 'br');
    expect(small.response.headers.get('content-encoding')).toBeNull();
    expect(small.body).toBe('void 0;');
    const outside = await get('/..%2f..%2fetc%2fpasswd.js', 'br');
    expect(outside.response.status).not.toBe(200);
  });

  it("withholds its withheld folder (the gateway's own inputs), however the path is spelled", async () => {
    for (const path of ['/prerendered/render.cjs', '/prerendered/pages.json', '/%70rerendered/render.cjs', '/x/../prerendered/pages.json']) {
      const { response, body } = await get(path, 'identity');
      expect({ path, status: response.status, body }).toEqual({ path, status: 404, body: 'Not found' });
    }
  });
});
