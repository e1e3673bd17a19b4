import { LEAD_SAMPLE_ID, SAMPLE_VIDEO_COUNTS, samplePosters, type PosterFormat, type SamplePoster, type SampleVideo, type SampleVideos } from '@lipcast/contracts';

/**
 * The landing page's sample videos sit in boxes reserved before the list loads (no layout shift).
 * The prerendered page fills the same boxes without React (static-samples.ts), so both name them
 * with `data-sample-slot="<group>:<index>"` and give the poster and video the same look: the poster
 * (a `<picture>`) shows at once, the video plays over it when it can.
 */
export type SampleGroup = keyof SampleVideos;

export const SAMPLE_BOX_CLASS = 'relative aspect-[8/9] w-full overflow-hidden rounded-2xl bg-slate-900';
export const SAMPLE_VIDEO_CLASS = 'absolute inset-0 size-full object-cover';
export const SAMPLE_POSTER_CLASS = 'absolute inset-0 size-full object-cover';

/** How wide a group's boxes are drawn (Landing's grids: hero 1 then 3 columns in max-w-7xl, examples 1 then 2 in max-w-5xl), for the posters' `sizes`. */
export const POSTER_SIZES: Record<SampleGroup, string> = {
  hero: '(min-width: 1280px) 405px, (min-width: 640px) calc((100vw - 64px) / 3), calc(100vw - 32px)',
  examples: '(min-width: 1024px) 480px, (min-width: 768px) calc((100vw - 64px) / 2), calc(100vw - 32px)',
};

export const posterSrcSet = (posters: readonly SamplePoster[], format: PosterFormat) => posters.map((poster) => `${poster[format]} ${poster.width}w`).join(', ');
/** The largest poster: the `<img>` fallback and the video's own `poster`. */
export const largestPoster = (posters: readonly SamplePoster[]): SamplePoster | undefined => posters[posters.length - 1];

/** The first hero box: the page's largest first paint, whose poster the prerendered page already shows. */
export const LEAD_SLOT = 'hero:0';

export const sampleSlotName = (group: SampleGroup, index: number) => `${group}:${index}`;

export interface SampleSlot {
  slot: string;
  sample: SampleVideo | undefined;
  /** The sample's posters; the lead slot's are known before the list loads (their addresses are stable). */
  posters: SamplePoster[] | undefined;
}

/** Each reserved slot of a group with its sample, once the list has loaded. */
export function sampleSlots(group: SampleGroup, samples: SampleVideos | undefined): SampleSlot[] {
  return Array.from({ length: SAMPLE_VIDEO_COUNTS[group] }, (_, index) => {
    const slot = sampleSlotName(group, index);
    const sample = samples?.[group][index];
    return { slot, sample, posters: sample?.posters ?? (slot === LEAD_SLOT ? samplePosters(LEAD_SAMPLE_ID) : undefined) };
  });
}

/** The group a slot name belongs to, if it names one. */
export function groupOfSlot(slot: string): SampleGroup | undefined {
  const group = slot.split(':')[0];
  return group === 'hero' || group === 'examples' ? group : undefined;
}

/** The sample a slot name stands for, if the list has one there. */
export function sampleForSlot(samples: SampleVideos, slot: string): SampleVideo | undefined {
  const group = groupOfSlot(slot);
  return group && samples[group][Number(slot.split(':')[1])];
}
