/**
 * The influencer another page hands to the video wizard (spec section 3): the Creator and the
 * community gallery write it to session storage and go to `/`; the wizard reads it on arrival (also
 * after a sign-in round trip, which is why it is not passed in memory) and then clears it.
 */

import { isCaptionsChoice, isVideoFormatId, ownActorRef, type CaptionsChoice, type InfluencerProject, type OwnActor, type VideoFormatId } from '@lipcast/contracts';

/** What the wizard animates: a built-in actor, or an influencer chosen in the Creator or the gallery. */
export interface SelectedVideo {
  id: string;
  title: string;
  setting?: string;
  /** Seconds. */
  duration: number;
  thumbnail: string;
  url: string;
  /** The video format the Creator chose for the lip-sync (the wizard's step 3 starts on it); absent: the portrait card. */
  format?: VideoFormatId;
  /** The burned-in captions the Creator chose for the lip-sync (the wizard's step 3 starts on it); absent: not burned in. */
  captions?: CaptionsChoice;
}

/**
 * A creator's own actor (issue 35) as the wizard animates it: named `own:<id>` as the public API
 * names it, its clip lip-synced like a built-in actor's. It has no built-in `setting`.
 */
export function ownActorVideo(actor: OwnActor): SelectedVideo {
  return { id: ownActorRef(actor.id), title: actor.name, duration: Math.round(actor.durationSeconds), thumbnail: actor.thumbnail, url: actor.url };
}

/**
 * An AI influencer's one name (issue 37): the name its owner gave it in the Creator, else its
 * number. The Creator's cards, /projects, the gallery and the wizard all say this one.
 */
export function influencerName(project: Pick<InfluencerProject, 'id' | 'name'>): string {
  return project.name?.trim() || `Influencer ${project.id}`;
}

/**
 * What the wizard animates for an AI influencer with a clip, named as `influencerName` names it:
 * `setting` is 'AI Influencer' for its owner's own (the Creator, /projects), 'User Generated' from the gallery.
 */
export function influencerVideo(
  project: Pick<InfluencerProject, 'id' | 'name' | 'duration' | 'thumbnailUrl' | 'imageUrl' | 'outputUrl'>,
  setting: 'AI Influencer' | 'User Generated' = 'AI Influencer',
): SelectedVideo {
  return {
    id: String(project.id),
    title: influencerName(project),
    setting,
    duration: project.duration ?? 20,
    thumbnail: project.thumbnailUrl ?? project.imageUrl,
    url: project.outputUrl ?? '',
  };
}

export const SELECTED_INFLUENCER_KEY = 'selectedInfluencer';

/** Leaves `influencer` for the wizard; the caller then navigates to `/`. */
export function handInfluencerToWizard(influencer: SelectedVideo, storage: Storage = sessionStorage): void {
  storage.setItem(SELECTED_INFLUENCER_KEY, JSON.stringify(influencer));
}

/** Forgets the chosen influencer once the wizard has it, so a later visit starts at step 1. */
export function clearSelectedInfluencer(storage: Storage = sessionStorage): void {
  storage.removeItem(SELECTED_INFLUENCER_KEY);
}

/**
 * The influencer another page left in session storage; null when there is none or it is not
 * usable, and when rendering without a browser (the prerendered pages). Reading does not clear it:
 * a page mounted twice (a remount while loading) must see it both times; the wizard clears it after mounting.
 */
export function readSelectedInfluencer(storage: Storage | undefined = globalThis.sessionStorage): SelectedVideo | null {
  const raw = storage?.getItem(SELECTED_INFLUENCER_KEY) ?? null;
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<SelectedVideo>;
    if (typeof value.url !== 'string' || !value.url) return null;
    return {
      id: String(value.id ?? 'influencer'),
      title: typeof value.title === 'string' ? value.title : 'Influencer',
      setting: typeof value.setting === 'string' ? value.setting : undefined,
      duration: Number(value.duration) > 0 ? Number(value.duration) : 20,
      thumbnail: typeof value.thumbnail === 'string' ? value.thumbnail : '',
      url: value.url,
      ...(isVideoFormatId(value.format) ? { format: value.format } : {}),
      ...(isCaptionsChoice(value.captions) && value.captions !== 'none' ? { captions: value.captions } : {}),
    };
  } catch {
    return null;
  }
}
