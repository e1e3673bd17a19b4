import { GenerationSettings } from './settings';

describe(GenerationSettings.name, () => {
  // The spec's clip lengths are the product's defaults; the integration and end-to-end stacks set
  // shorter clips to render less, and check that a clip follows the setting.
  it("makes the Creator's clips 20 s and a One Shot run's clip 15 s unless told otherwise", () => {
    const settings = new GenerationSettings();
    expect(settings.CREATOR_CLIP_SECONDS).toBe(20);
    expect(settings.ONE_SHOT_CLIP_SECONDS).toBe(15);
  });
});
