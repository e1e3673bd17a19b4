import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageService } from '@lipcast/nest-kit';
import type { WorkContext } from '../ports/media';
import { LipSyncSources } from './lip-sync-sources';

/** Sources whose probe reads the file's text as its seconds, counting the probes (no ffmpeg). */
class CountingSources extends LipSyncSources {
  probes = 0;

  protected override async probeSeconds(path: string): Promise<number> {
    this.probes++;
    return Number(await readFile(path, 'utf8'));
  }
}

/** A store whose objects are a text and an etag the test sets. */
function fakeStore(objects: Map<string, { text: string; etag: string }>): StorageService {
  return {
    download: (key: string, path: string) => writeFile(path, objects.get(key)!.text),
    stat: async (key: string) => ({ size: 1, contentType: 'audio/mpeg', etag: objects.get(key)!.etag, lastModified: new Date() }),
    presignedUrl: async (key: string) => `http://store.test/${key}`,
  } as unknown as StorageService;
}

describe(LipSyncSources.name, () => {
  let folder: string;
  beforeAll(async () => (folder = await mkdtemp(join(tmpdir(), 'lip-sync-sources-'))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('probes an audio once per key and etag: a job run again in this process is not probed again, changed bytes are', async () => {
    const key = 'users/u/audio/a.mp3';
    const objects = new Map([[key, { text: '1.5', etag: '"one"' }]]);
    const sources = new CountingSources(fakeStore(objects));
    const run = async (name: string) => {
      const context = { workDir: await mkdtemp(join(folder, name)), signal: new AbortController().signal, progress: () => undefined } as WorkContext;
      return sources.durationOf(await sources.download(key, context, 'audio.mp3', 'audio/mpeg'));
    };
    expect(await run('first-')).toBe(1.5);
    expect(await run('resumed-')).toBe(1.5);
    expect(sources.probes).toBe(1);
    objects.set(key, { text: '2', etag: '"two"' });
    expect(await run('rewritten-')).toBe(2);
    expect(sources.probes).toBe(2);
  });
});
