import { connect, createServer, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { readEnv } from './env';
import { MediaServiceSettings } from './settings';
import { StorageService, StoreUnavailableError } from './storage';

/** A loopback proxy to the store that closes the first `drops` connections before they reach it. */
async function droppingProxy(target: string, drops: number): Promise<{ url: string; close: () => void }> {
  const { hostname, port } = new URL(target);
  let seen = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    if (++seen <= drops) return socket.destroy();
    const upstream = connect(Number(port), hostname);
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('error', () => undefined).on('close', () => [socket, upstream].forEach((other) => other.destroy()));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    server.close();
    sockets.forEach((socket) => socket.destroy());
  };
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close };
}

describe(StorageService.name, () => {
  const sut = new StorageService(readEnv(MediaServiceSettings));
  const key = `public/tests/storage-${Date.now()}.txt`;

  beforeAll(() => sut.ensureBucket());
  afterAll(() => sut.remove(key).catch(() => undefined));

  it('stores an object with its content type and reads it back whole or by range', async () => {
    await sut.put(key, Buffer.from('0123456789'), 'text/plain');
    expect(await sut.stat(key)).toMatchObject({ size: 10, contentType: 'text/plain' });
    expect(await text(await sut.read(key))).toBe('0123456789');
    expect(await text(await sut.read(key, { start: 2, end: 5 }))).toBe('2345');
  });

  it('stores a stream', async () => {
    await sut.put(key, Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'text/plain');
    expect(await text(await sut.read(key))).toBe('abcd');
  });

  it('reports a missing object as null and refuses unsafe keys', async () => {
    expect(await sut.stat('public/tests/missing.txt')).toBeNull();
    await expect(sut.stat('../escape')).rejects.toThrow('Invalid object key');
  });

  it('tells the bytes stored under a folder, at any depth', async () => {
    const folder = `public/tests/folder-${Date.now()}/`;
    const keys = [`${folder}a.bin`, `${folder}sub/b.bin`, `${folder}sub/deeper/c.bin`];
    await Promise.all(keys.map((name, index) => sut.put(name, Buffer.alloc([10, 32, 7][index]), 'application/octet-stream')));
    // A sibling whose name starts the same is not inside the folder.
    const sibling = `${folder.slice(0, -1)}0/x.bin`;
    await sut.put(sibling, Buffer.alloc(5), 'application/octet-stream');
    try {
      expect(await sut.usage(folder)).toBe(49);
      await expect(sut.usage('public/tests')).rejects.toThrow('Invalid object key');
      await expect(sut.usage('public/../')).rejects.toThrow('Invalid object key');
    } finally {
      await Promise.all([...keys, sibling].map((name) => sut.remove(name)));
    }
    expect(await sut.usage(folder)).toBe(0);
  });

  it('answers the readiness ping', async () => {
    expect(await sut.ping()).toBe(true);
  });

  it('tries a call once more when its connection drops before an answer, and calls the store away when that drops too', async () => {
    const settings = readEnv(MediaServiceSettings);
    const once = await droppingProxy(settings.S3_ENDPOINT, 1);
    const always = await droppingProxy(settings.S3_ENDPOINT, Infinity);
    try {
      expect(await new StorageService({ ...settings, S3_ENDPOINT: once.url }).ping()).toBe(true);
      await expect(new StorageService({ ...settings, S3_ENDPOINT: always.url }).ping()).rejects.toThrow(StoreUnavailableError);
    } finally {
      once.close();
      always.close();
    }
  });
});
