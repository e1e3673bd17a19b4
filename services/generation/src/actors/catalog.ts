import { mediaUrl, actorClipKey, actorThumbnailKey, actorIdInKey, LEAD_SAMPLE_ID, sampleKey, samplePosters, type Actor, type SampleVideo, type SampleVideos, type VoiceId } from '@lipcast/contracts';
import { BUILT_IN_ACTORS } from '@lipcast/media-engine';

/** The actor a built-in clip key belongs to (`actors/<id>/...`), if any. */
export function actorIdOfKey(key: string): string | undefined {
  const actorId = actorIdInKey(key);
  return actorId && BUILT_IN_ACTORS.some((actor) => actor.id === actorId) ? actorId : undefined;
}

/** The 14 built-in actors as the API lists them (spec section 3, Actor). */
export function listActors(): Actor[] {
  return BUILT_IN_ACTORS.map((actor) => ({
    id: actor.id,
    title: actor.title,
    setting: actor.setting,
    duration: actor.durationSeconds,
    thumbnail: mediaUrl(actorThumbnailKey(actor.id)),
    url: mediaUrl(actorClipKey(actor.id)),
  }));
}

/** The landing page's sample videos: built-in actors speaking a line each. */
export interface SampleSpec {
  id: string;
  title: string;
  actorId: string;
  voiceId: VoiceId;
  emotion: string;
  line: string;
}

export const HERO_SAMPLES: readonly SampleSpec[] = [
  { id: LEAD_SAMPLE_ID, title: 'Studio Host Maya', actorId: 'ipfs-puppet-video', voiceId: 'Lively_Girl', emotion: 'happy', line: 'Hi! I can say anything you write, in seconds.' },
  { id: 'hero-2', title: 'Pixel Nova', actorId: 'ipfs-puppet-video-4', voiceId: 'Calm_Woman', emotion: 'neutral', line: 'Pick an actor, type your script, and press generate.' },
  { id: 'hero-3', title: 'Puppet Max', actorId: 'ipfs-puppet-video-13', voiceId: 'Friendly_Person', emotion: 'happy', line: 'No camera, no studio, just your words.' },
];

export const EXAMPLE_SAMPLES: readonly SampleSpec[] = [
  { id: 'example-1', title: 'Product launch', actorId: 'ipfs-puppet-video-1', voiceId: 'Deep_Voice_Man', emotion: 'neutral', line: 'Meet the new Lipcast studio. Write a script, choose a voice, and get a talking video ready to share in minutes.' },
  { id: 'example-2', title: 'Travel tip', actorId: 'ipfs-puppet-video-10', voiceId: 'Inspirational_girl', emotion: 'happy', line: 'My favourite travel tip? Pack half the clothes and twice the curiosity. See you on the beach!' },
];

const toSampleVideo = (sample: SampleSpec): SampleVideo => ({ id: sample.id, title: sample.title, url: mediaUrl(sampleKey(sample.id)), posters: samplePosters(sample.id) });

export function listSamples(): SampleVideos {
  return { hero: HERO_SAMPLES.map(toSampleVideo), examples: EXAMPLE_SAMPLES.map(toSampleVideo) };
}
