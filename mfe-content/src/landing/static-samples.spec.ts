import type { SampleVideos } from '@lipcast/contracts';
import { sampleForSlot, sampleSlots } from './sample-slots';
import { fillSampleSlots } from './static-samples';

const SAMPLES: SampleVideos = {
  hero: [
    { id: 'hero-1', title: 'Maya', url: '/api/media/samples/hero-1.mp4' },
    { id: 'hero-2', title: 'Nova', url: '/api/media/samples/hero-2.mp4' },
    { id: 'hero-3', title: 'Max', url: '/api/media/samples/hero-3.mp4' },
  ],
  examples: [
    { id: 'example-1', title: 'Product launch', url: '/api/media/samples/example-1.mp4' },
    { id: 'example-2', title: 'Travel tip', url: '/api/media/samples/example-2.mp4' },
  ],
};

describe('sample slots', () => {
  it('reserve every box before the list loads and name each one', () => {
    expect(sampleSlots('hero', undefined).map(({ slot, sample }) => [slot, sample])).toEqual([
      ['hero:0', undefined],
      ['hero:1', undefined],
      ['hero:2', undefined],
    ]);
    expect(sampleSlots('examples', SAMPLES).map(({ sample }) => sample?.id)).toEqual(['example-1', 'example-2']);
    expect(sampleForSlot(SAMPLES, 'examples:1')?.title).toBe('Travel tip');
    expect(sampleForSlot(SAMPLES, 'other:0')).toBeUndefined();
  });

  it('are filled on the static page with muted looping videos and their captions, once', () => {
    document.body.innerHTML = `
      <div data-sample-slot="hero:1"></div>
      <figure><div><div data-sample-slot="examples:0"></div><button>Unmute</button></div><figcaption></figcaption></figure>
      <div data-sample-slot="hero:7"></div>`;
    fillSampleSlots(document, SAMPLES);
    fillSampleSlots(document, SAMPLES);

    const videos = Array.from(document.querySelectorAll('video'));
    expect(videos.map((video) => [video.getAttribute('src'), video.getAttribute('aria-label'), video.muted, video.loop, video.autoplay])).toEqual([
      ['/api/media/samples/hero-2.mp4', 'Nova', true, true, true],
      ['/api/media/samples/example-1.mp4', 'Product launch', true, true, true],
    ]);
    expect(document.querySelector('figcaption')?.textContent).toBe('Product launch');
    expect(document.querySelector('[data-sample-slot="hero:7"]')?.children).toHaveLength(0);
  });
});
