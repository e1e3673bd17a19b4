import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { writeZip } from './zip-writer';

const run = promisify(execFile);

/** The archive as bytes. */
async function zipOf(entries: Parameters<typeof writeZip>[0]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeZip(entries, output);
  output.end();
  return Buffer.concat(chunks);
}

describe('writeZip', () => {
  let folder: string;
  beforeAll(async () => (folder = await mkdtemp(join(tmpdir(), 'zip-writer-'))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes an archive the standard unzip tool tests clean and extracts byte for byte, from buffers and streams', async () => {
    const media = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256));
    const zip = await zipOf([
      { name: 'records.json', data: Buffer.from('{"user":{"name":"Zoë"}}') },
      { name: 'media/influencers/7/image.jpg', data: Readable.from([media.subarray(0, 100_000), media.subarray(100_000)]) },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ]);
    const path = join(folder, 'export.zip');
    await writeFile(path, zip);
    const tested = await run('unzip', ['-t', path]);
    expect(tested.stdout).toContain('No errors detected');
    await run('unzip', ['-q', '-d', join(folder, 'out'), path]);
    expect(await readFile(join(folder, 'out', 'records.json'), 'utf8')).toBe('{"user":{"name":"Zoë"}}');
    expect((await readFile(join(folder, 'out', 'media/influencers/7/image.jpg'))).equals(media)).toBe(true);
    expect((await readFile(join(folder, 'out', 'empty.txt'))).length).toBe(0);
  });

  it('writes an empty archive when there is nothing', async () => {
    const path = join(folder, 'empty.zip');
    await writeFile(path, await zipOf([]));
    expect((await readFile(path)).length).toBe(22);
  });
});
