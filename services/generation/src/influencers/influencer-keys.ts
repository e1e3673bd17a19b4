/** Where an influencer project's media live: the owner's folder, and the public copy once approved. */
export const ownKey = (userId: string, projectId: number, file: 'image.jpg' | 'image.png' | 'image.webp' | 'video.mp4' | 'thumbnail.jpg' | 'look.json') =>
  `users/${userId}/influencers/${projectId}/${file}`;

export const communityKey = (projectId: number, file: 'video-v1.mp4' | 'thumbnail-v1.jpg' | 'look.json') => `community/${projectId}/${file}`;

/** The drawn character stored beside an influencer's clip (own or community), if the key is one. */
export function lookKeyBeside(videoKey: string): string | null {
  const own = /^(users\/[^/]+\/influencers\/\d+)\/video\.mp4$/.exec(videoKey);
  if (own) return `${own[1]}/look.json`;
  const community = /^(community\/\d+)\/video-v\d+\.mp4$/.exec(videoKey);
  return community ? `${community[1]}/look.json` : null;
}

export const IMAGE_EXTENSIONS: Record<string, 'image.jpg' | 'image.png' | 'image.webp'> = {
  'image/jpeg': 'image.jpg',
  'image/png': 'image.png',
  'image/webp': 'image.webp',
};
