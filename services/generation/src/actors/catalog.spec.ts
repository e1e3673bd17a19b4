import { SAMPLE_VIDEO_COUNTS } from '@lipcast/contracts';
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
});
