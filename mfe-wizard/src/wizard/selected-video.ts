import type { Actor } from '@lipcast/contracts';

/** What the wizard animates: a built-in actor, or an influencer chosen in the Creator or the gallery. */
export interface SelectedVideo {
  id: string;
  title: string;
  setting?: string;
  /** Seconds. */
  duration: number;
  thumbnail: string;
  url: string;
}

export const SELECTED_INFLUENCER_KEY = 'selectedInfluencer';

export const fromActor = (actor: Actor): SelectedVideo => ({ ...actor });

/**
 * The influencer another page left in session storage (spec section 3), cleared as it is read so a
 * later visit starts at step 1. Null when there is none or it is not usable.
 */
export function takeSelectedInfluencer(storage: Storage = sessionStorage): SelectedVideo | null {
  const raw = storage.getItem(SELECTED_INFLUENCER_KEY);
  if (raw === null) return null;
  storage.removeItem(SELECTED_INFLUENCER_KEY);
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
    };
  } catch {
    return null;
  }
}
