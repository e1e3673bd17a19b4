import { API_ROUTES, type InfluencerProject } from '@lipcast/contracts';
import { callApi, type SelectedVideo } from '@lipcast/web-kit';

export const GALLERY_QUERY_KEY = [API_ROUTES.gallery.path] as const;
export const GALLERY_ERROR = 'Error loading influencers';
export const GALLERY_EMPTY = 'No community-created influencers available yet.';

export const fetchGallery = () => callApi(API_ROUTES.gallery, { expectUnauthorized: true });

/** m:ss (spec section 9); "..." while the length is unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '...';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The name its owner published it under (older items without one show their number). */
export const galleryTitle = (item: InfluencerProject) => item.name ?? `Influencer ${item.id}`;

/** What the wizard is handed for a gallery influencer (spec section 3): named as its card is (issue 37, item 7), "User Influencer {id}" without a name. */
export function selectedInfluencerRecord(item: InfluencerProject): SelectedVideo {
  return {
    id: String(item.id),
    title: item.name?.trim() || `User Influencer ${item.id}`,
    setting: 'User Generated',
    duration: item.duration ?? 20,
    thumbnail: item.thumbnailUrl ?? item.imageUrl,
    url: item.outputUrl!,
  };
}
