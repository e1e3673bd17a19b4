import { buffer } from 'node:stream/consumers';
import { POSTER_CONTENT_TYPES, SAMPLE_POSTER_WIDTHS, sampleKey, samplePosterKey, type PosterFormat } from '@lipcast/contracts';
import { readEnv, StorageService } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';
import { HERO_SAMPLES } from './catalog';
import { seedMedia } from './media-seeder';

describe('the seed step', () => {
  const storage = new StorageService(readEnv(GenerationSettings));
  // One sample under an id of this run's own: the store's real samples stay as they are.
  const sample = { ...HERO_SAMPLES[0]!, id: `seed-test-${Date.now()}` };
  const catalog = { actors: [], samples: [sample] };
  const posterKeys = (Object.keys(POSTER_CONTENT_TYPES) as PosterFormat[]).flatMap((format) => SAMPLE_POSTER_WIDTHS.map((width) => ({ key: samplePosterKey(sample.id, format, width), format, width })));
  const stored = async (key: string) => buffer(await storage.read(key));

  afterAll(async () => {
    for (const key of [sampleKey(sample.id), ...posterKeys.map(({ key }) => key)]) await storage.remove(key).catch(() => undefined);
  });

  it('stores each sample with WebP and AVIF posters at every width, once', async () => {
    const lines: string[] = [];
    expect(await seedMedia(storage, (line) => lines.push(line), catalog)).toBe(5);
    expect(lines).toEqual([`made ${sampleKey(sample.id)}`, ...posterKeys.map(({ key }) => `made ${key}`)]);

    for (const { key, format, width } of posterKeys) {
      expect(await storage.stat(key)).toMatchObject({ contentType: format === 'avif' ? 'image/avif' : 'image/webp' });
      const bytes = await stored(key);
      if (format === 'webp') {
        expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WEBP']);
        expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
      } else {
        expect(bytes.toString('latin1', 4, 12)).toBe('ftypavif');
        // The image's size as its `ispe` property states it: the poster's width in the video's 8:9 shape.
        const ispe = bytes.indexOf('ispe', 0, 'latin1');
        expect([bytes.readUInt32BE(ispe + 8), bytes.readUInt32BE(ispe + 12)]).toEqual([width, (width * 9) / 8]);
      }
    }
    expect(await seedMedia(storage, () => undefined, catalog)).toBe(0);
  }, 120_000);

  it('makes a missing poster from the stored video', async () => {
    const missing = posterKeys.find(({ format }) => format === 'avif')!;
    await storage.remove(missing.key);
    const lines: string[] = [];
    expect(await seedMedia(storage, (line) => lines.push(line), catalog)).toBe(1);
    expect(lines).toEqual([`made ${missing.key}`]);
    expect((await stored(missing.key)).toString('latin1', 4, 12)).toBe('ftypavif');
  }, 60_000);
});
