import { LEAD_SAMPLE_ID, samplePosters, type SampleVideos } from '@lipcast/contracts';
import { POSTER_SIZES, sampleForSlot, sampleSlots } from './sample-slots';
import { fillSampleSlots } from './static-samples';

const sample = (id: string, title: string) => ({ id, title, url: `/api/media/samples/${id}.mp4`, posters: samplePosters(id) });
const SAMPLES: SampleVideos = {
  hero: [sample('hero-1', 'Maya'), sample('hero-2', 'Nova'), sample('hero-3', 'Max')],
  examples: [sample('example-1', 'Product launch'), sample('example-2', 'Travel tip')],
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

  it("know the lead box's posters before the list loads, and the others' from it", () => {
    expect(sampleSlots('hero', undefined).map(({ posters }) => posters?.map((poster) => poster.avif))).toEqual([
      [`/api/media/public/samples/${LEAD_SAMPLE_ID}-poster-320-v1.avif`, `/api/media/public/samples/${LEAD_SAMPLE_ID}-poster-640-v1.avif`],
      undefined,
      undefined,
    ]);
    expect(sampleSlots('examples', SAMPLES)[1]?.posters).toEqual(samplePosters('example-2'));
  });

  it('are filled on the static page with muted looping videos over their posters and their captions, once', () => {
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
    expect(videos.map((video) => [video.getAttribute('preload'), video.getAttribute('poster')])).toEqual([
      ['metadata', '/api/media/public/samples/hero-2-poster-640-v1.webp'],
      ['metadata', '/api/media/public/samples/example-1-poster-640-v1.webp'],
    ]);
    expect(document.querySelector('figcaption')?.textContent).toBe('Product launch');
    expect(document.querySelector('[data-sample-slot="hero:7"]')?.children).toHaveLength(0);
  });

  it('show each poster as a picture under the video: AVIF, then WebP, at the widths the box is drawn', () => {
    document.body.innerHTML = `<div data-sample-slot="hero:1"></div><div data-sample-slot="examples:1"></div>`;
    fillSampleSlots(document, SAMPLES);

    const hero = document.querySelector('[data-sample-slot="hero:1"]')!;
    expect(Array.from(hero.children).map((child) => child.tagName)).toEqual(['PICTURE', 'VIDEO']);
    expect(Array.from(hero.querySelectorAll('source')).map((source) => [source.type, source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual([
      ['image/avif', '/api/media/public/samples/hero-2-poster-320-v1.avif 320w, /api/media/public/samples/hero-2-poster-640-v1.avif 640w', POSTER_SIZES.hero],
      ['image/webp', '/api/media/public/samples/hero-2-poster-320-v1.webp 320w, /api/media/public/samples/hero-2-poster-640-v1.webp 640w', POSTER_SIZES.hero],
    ]);
    const image = hero.querySelector('img')!;
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('alt'), image.getAttribute('loading')]).toEqual([
      '/api/media/public/samples/hero-2-poster-640-v1.webp',
      '640',
      '720',
      '',
      null,
    ]);
    expect(document.querySelector('[data-sample-slot="examples:1"] img')?.getAttribute('loading')).toBe('lazy');
  });

  it("keep the lead box's prerendered poster rather than adding a second", () => {
    document.body.innerHTML = `<div data-sample-slot="hero:0"><picture><img alt="" src="/prerendered.webp"></picture></div>`;
    fillSampleSlots(document, SAMPLES);

    const lead = document.querySelector('[data-sample-slot="hero:0"]')!;
    expect(Array.from(lead.children).map((child) => child.tagName)).toEqual(['PICTURE', 'VIDEO']);
    expect(lead.querySelector('img')?.getAttribute('src')).toBe('/prerendered.webp');
  });
});
