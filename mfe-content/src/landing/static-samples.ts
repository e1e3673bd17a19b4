// Runs on the prerendered landing page, before (or without) React: fills the reserved sample boxes.
import type { SamplePoster, SampleVideos } from '@lipcast/contracts';
import { groupOfSlot, largestPoster, POSTER_SIZES, posterSrcSet, SAMPLE_POSTER_CLASS, SAMPLE_VIDEO_CLASS, sampleForSlot, type SampleGroup } from './sample-slots';

/** The same `<picture>` as Landing's SamplePicture: AVIF, then WebP, then the largest WebP. */
function posterPicture(posters: readonly SamplePoster[], group: SampleGroup): HTMLPictureElement | null {
  const largest = largestPoster(posters);
  if (!largest) return null;
  const picture = document.createElement('picture');
  for (const format of ['avif', 'webp'] as const) {
    const source = document.createElement('source');
    Object.assign(source, { type: `image/${format}`, srcset: posterSrcSet(posters, format), sizes: POSTER_SIZES[group] });
    picture.append(source);
  }
  const image = document.createElement('img');
  Object.assign(image, { src: largest.webp, width: largest.width, height: largest.height, alt: '', className: SAMPLE_POSTER_CLASS });
  image.setAttribute('decoding', 'async');
  // The examples are further down the page: their posters wait until they are near.
  if (group === 'examples') image.setAttribute('loading', 'lazy');
  picture.append(image);
  return picture;
}

export function fillSampleSlots(container: ParentNode, samples: SampleVideos): void {
  for (const box of container.querySelectorAll<HTMLElement>('[data-sample-slot]')) {
    const slot = box.dataset.sampleSlot ?? '';
    const group = groupOfSlot(slot);
    const sample = sampleForSlot(samples, slot);
    if (!group || !sample || box.querySelector('video')) continue;
    // The lead box's poster is in the prerendered page already.
    const picture = box.querySelector('picture') ?? posterPicture(sample.posters, group);
    if (picture && !picture.isConnected) box.prepend(picture);
    const video = document.createElement('video');
    Object.assign(video, { src: sample.url, className: SAMPLE_VIDEO_CLASS, preload: 'metadata', autoplay: true, loop: true, muted: true, playsInline: true });
    const poster = largestPoster(sample.posters);
    if (poster) video.poster = poster.webp;
    video.setAttribute('aria-label', sample.title);
    box.append(video);
    const caption = box.closest('figure')?.querySelector('figcaption');
    if (caption) caption.textContent = sample.title;
  }
}

const staticPage = document.getElementById('prerendered');
if (staticPage) {
  void fetch('/api/samples')
    // A plain fetch, not web-kit's callApi: this script stays free of React and the federation runtime.
    .then((response): Promise<SampleVideos> | null => (response.ok ? response.json() : null))
    .then((samples) => samples && fillSampleSlots(staticPage, samples))
    // Without the list the boxes stay empty, as in the app when the request fails.
    .catch(() => undefined);
}
