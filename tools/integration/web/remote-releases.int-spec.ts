/* eslint-disable @nx/enforce-module-boundaries -- this test runs the real content service in the test's process */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import express from 'express';
import pg from 'pg';
import { ErrorCode, remoteFileKey, Subjects, type RemoteManifest, type RemoteName, type RequestOf, type Subject } from '@lipcast/contracts';
import { MediaServiceSettings, readEnv, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { contentService } from '../../../services/content/src/service';
import { mountFrontEnd } from '../../../gateway/src/web/front-end';
import { LiveRemoteVersions } from '../../../gateway/src/web/remote-releases';

const settings = readEnv(MediaServiceSettings);
const CHUNK = 'index.0123456789abcdef.js';

/** The registry (the content service over NATS) behind the gateway's `/remotes.json` and its versioned remote files. */
describe('remote releases: registry and gateway', () => {
  let service: RunningService;
  let server: Server;
  let base: string;
  const storage = new StorageService(settings);
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 1 });
  const webRoot = mkdtempSync(join(tmpdir(), 'lipcast-web-root-'));
  const send = <S extends Subject>(subject: S, data: RequestOf<S>) => service.client.send(subject, data);
  const publish = async (version: string, files: Record<string, string | Buffer>) => {
    for (const [file, body] of Object.entries(files)) await storage.put(remoteFileKey('mfe-wizard', version, file), Buffer.from(body), 'application/octet-stream');
    return send(Subjects.content.remotePublish, { remote: 'mfe_wizard', version, by: 'test' });
  };
  const manifest = async () => (await (await fetch(`${base}/remotes.json`)).json()) as RemoteManifest;
  const clearRegistry = async () => {
    await database.query('delete from content.remote_release');
    await database.query('delete from content.remote_version');
  };

  beforeAll(async () => {
    service = await startServiceForTest(contentService);
    await storage.ensureBucket();
    await clearRegistry();
    // The shell's local build of mfe-wizard, for a remote with no release.
    mkdirSync(join(webRoot, 'mfe-wizard/dist'), { recursive: true });
    writeFileSync(join(webRoot, 'mfe-wizard/dist/mf-manifest.json'), '{"name":"local"}');
    const app = express();
    // No reuse of the registry's answer: each request sees the release just made.
    mountFrontEnd(app, { webRoot, remoteOverrides: {}, releases: { live: new LiveRemoteVersions(() => send(Subjects.content.remotesLive, {}), 0), storage } });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await clearRegistry();
    await storage.removeFolder('remotes/mfe-wizard/').catch(() => undefined);
    server?.close();
    await service?.close();
    await database.end();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves a remote with no release from its own build', async () => {
    expect((await manifest()).mfe_wizard).toBe('/remotes/mfe-wizard/mf-manifest.json');
    expect(await (await fetch(`${base}/remotes/mfe-wizard/mf-manifest.json`)).text()).toBe('{"name":"local"}');
  });

  it('releases a published version, serves its files from the store, and rolls back to the one before', async () => {
    const history = await publish('1.0.0', { 'mf-manifest.json': '{"name":"one"}', [CHUNK]: 'one();' });
    expect(history).toMatchObject({ remote: 'mfe_wizard', live: null, versions: [{ version: '1.0.0', publishedBy: 'test' }], releases: [] });
    // The build's compressed copies go along; one whose original is missing is no file.
    await publish('2.0.0', { 'mf-manifest.json': '{"name":"two"}', [CHUNK]: 'two();', [`${CHUNK}.gz`]: gzipSync('two();'), 'orphan.js.gz': gzipSync('orphan();') });

    expect(await send(Subjects.content.remoteRelease, { remote: 'mfe_wizard', version: '1.0.0', by: 'test' })).toEqual({ remote: 'mfe_wizard', version: '1.0.0' });
    await send(Subjects.content.remoteRelease, { remote: 'mfe_wizard', version: '2.0.0', by: 'operator' });
    expect(await send(Subjects.content.remotesLive, {})).toEqual({ mfe_wizard: '2.0.0' });
    const released = await manifest();
    expect(released.mfe_wizard).toBe('/remotes/mfe-wizard/v/2.0.0/mf-manifest.json');
    expect(released.mfe_billing).toBe('/remotes/mfe-billing/mf-manifest.json'); // the others keep their own build

    const entry = await fetch(`${base}${released.mfe_wizard}`);
    expect(await entry.text()).toBe('{"name":"two"}');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-type')).toMatch(/^application\/json/);
    // As a browser revalidates (fetch would add `cache-control: no-cache` to a conditional request, which forbids a 304).
    const revalidated = await fetch(`${base}${released.mfe_wizard}`, { headers: { 'if-none-match': entry.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(revalidated.status).toBe(304);
    const chunk = await fetch(`${base}/remotes/mfe-wizard/v/2.0.0/${CHUNK}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect(await chunk.text()).toBe('two();');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base}/remotes/mfe-wizard/v/2.0.0/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/remotes/mfe-wizard/v/2.0.0/orphan.js`, { headers: { 'accept-encoding': 'gzip' } })).status).toBe(404);
    expect((await fetch(`${base}/remotes/mfe-wizard/v/9.0.0/mf-manifest.json`)).status).toBe(404);

    expect(await send(Subjects.content.remoteRollback, { remote: 'mfe_wizard', by: 'operator' })).toEqual({ remote: 'mfe_wizard', version: '1.0.0' });
    expect((await manifest()).mfe_wizard).toBe('/remotes/mfe-wizard/v/1.0.0/mf-manifest.json');
    expect(await (await fetch(`${base}/remotes/mfe-wizard/v/1.0.0/mf-manifest.json`)).text()).toBe('{"name":"one"}');

    const after = await send(Subjects.content.remoteHistory, { remote: 'mfe_wizard' });
    expect(after.live).toBe('1.0.0');
    expect(after.releases.map((release) => [release.version, release.releasedBy, release.rolledBackBy])).toEqual([
      ['2.0.0', 'operator', 'operator'],
      ['1.0.0', 'test', null],
    ]);
  });

  it('refuses an unpublished version, a second publish of one version, and a rollback with nothing before', async () => {
    await expect(send(Subjects.content.remoteRelease, { remote: 'mfe_wizard', version: '7.0.0', by: 'test' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(send(Subjects.content.remotePublish, { remote: 'mfe_wizard', version: '1.0.0', by: 'test' })).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: 'mfe-wizard 1.0.0 is already published; versions are immutable, publish a new one.',
    });
    await expect(send(Subjects.content.remoteRollback, { remote: 'mfe_wizard', by: 'test' })).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: 'mfe-wizard has no earlier release to roll back to: 1.0.0 is its first. Release another version instead.',
    });
    await expect(send(Subjects.content.remoteRelease, { remote: 'mfe-nope' as RemoteName, version: '1.0.0', by: 'test' })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(send(Subjects.content.remoteRelease, { remote: 'mfe_wizard', version: '../1', by: 'test' })).rejects.toMatchObject({ code: ErrorCode.Validation });
  });
});
