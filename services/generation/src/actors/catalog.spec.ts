import { LEAD_SAMPLE_ID, SAMPLE_VIDEO_COUNTS } from '@lipcast/contracts';
import { BUILT_IN_ACTORS } from '@lipcast/media-engine';
import { EXAMPLE_SAMPLES, HERO_SAMPLES, listSamples } from './catalog';

describe('the landing page samples', () => {
  it('are as many as the landing page reserves boxes for', () => {
    const samples = listSamples();
    expect(samples.hero).toHaveLength(SAMPLE_VIDEO_COUNTS.hero);
    expect(samples.examples).toHaveLength(SAMPLE_VIDEO_COUNTS.examples);
  });

  it('are spoken by built-in actors, each sample under its own id', () => {
    const specs = [...HERO_SAMPLES, ...EXAMPLE_SAMPLES];
    const actorIds = new Set(BUILT_IN_ACTORS.map((actor) => actor.id));
    expect(specs.filter((sample) => !actorIds.has(sample.actorId))).toEqual([]);
    expect(new Set(specs.map((sample) => sample.id)).size).toBe(specs.length);
  });

  it("list each one's posters at the addresses the seed stores them, and lead with the sample the prerendered page shows first", () => {
    const [lead] = listSamples().hero;
    expect(lead?.id).toBe(LEAD_SAMPLE_ID);
    expect(lead?.posters.map((poster) => [poster.width, poster.height, poster.avif, poster.webp])).toEqual([
      [320, 360, '/api/media/public/samples/hero-1-poster-320-v1.avif', '/api/media/public/samples/hero-1-poster-320-v1.webp'],
      [640, 720, '/api/media/public/samples/hero-1-poster-640-v1.avif', '/api/media/public/samples/hero-1-poster-640-v1.webp'],
    ]);
  });
});
