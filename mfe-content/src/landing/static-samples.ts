// Runs on the prerendered landing page, before (or without) React: fills the reserved sample boxes.
import type { SampleVideos } from '@lipcast/contracts';
import { SAMPLE_VIDEO_CLASS, sampleForSlot } from './sample-slots';

export function fillSampleSlots(container: ParentNode, samples: SampleVideos): void {
  for (const box of container.querySelectorAll<HTMLElement>('[data-sample-slot]')) {
    const sample = sampleForSlot(samples, box.dataset.sampleSlot ?? '');
    if (!sample || box.querySelector('video')) continue;
    const video = document.createElement('video');
    Object.assign(video, { src: sample.url, className: SAMPLE_VIDEO_CLASS, autoplay: true, loop: true, muted: true, playsInline: true });
    video.setAttribute('aria-label', sample.title);
    box.prepend(video);
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
