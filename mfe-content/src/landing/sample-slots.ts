import { SAMPLE_VIDEO_COUNTS, type SampleVideo, type SampleVideos } from '@lipcast/contracts';

/**
 * The landing page's sample videos sit in boxes reserved before the list loads (no layout shift).
 * The prerendered page fills the same boxes without React (static-samples.ts), so both name them
 * with `data-sample-slot="<group>:<index>"` and give the video the same look.
 */
export type SampleGroup = keyof SampleVideos;

export const SAMPLE_VIDEO_CLASS = 'size-full object-cover';

export const sampleSlotName = (group: SampleGroup, index: number) => `${group}:${index}`;

/** Each reserved slot of a group with its sample, once the list has loaded. */
export function sampleSlots(group: SampleGroup, samples: SampleVideos | undefined): { slot: string; sample: SampleVideo | undefined }[] {
  return Array.from({ length: SAMPLE_VIDEO_COUNTS[group] }, (_, index) => ({ slot: sampleSlotName(group, index), sample: samples?.[group][index] }));
}

/** The sample a slot name stands for, if the list has one there. */
export function sampleForSlot(samples: SampleVideos, slot: string): SampleVideo | undefined {
  const [group, index] = slot.split(':');
  if (group !== 'hero' && group !== 'examples') return undefined;
  return samples[group][Number(index)];
}
