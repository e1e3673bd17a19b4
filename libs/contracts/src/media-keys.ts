/**
 * The layout of the object store: every key Lipcast writes is built here, every key read from an
 * address is parsed here (`mediaKeyOf`), and the gateway's access rule reads the same layout. Public: `actors/`, `public/`, `community/`. Private to one user:
 * `users/<userId>/` (wizard audio, uploads, influencer projects, and each job's own folder
 * `users/<userId>/jobs/<jobId>/`, deleted with the job unless it succeeds).
 * Front-end builds: `remotes/<folder>/<version>/`, served by the gateway at `/remotes/<folder>/v/<version>/`
 * (never through the media route).
 */
import type { SamplePoster } from './generation';
import { DEFAULT_VIDEO_FORMAT, VIDEO_FORMAT_IDS, type VideoFormatId } from './video-formats';

/**
 * The one rule for object keys, for every reader and writer: keys we create (`actors/<id>/...`,
 * `users/<userId>/<kind>/<id>.<ext>`, `public/...`), never a user path. Only `[A-Za-z0-9._/-]`, at
 * most 512; no `..`, no leading `/`, no empty segment. So backslashes, `%` escapes, spaces and
 * control characters are refused as written, never decoded into something else.
 */
const KEY_PATTERN = /^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._/-]{1,512}$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The media route a stored object is served at. */
export const MEDIA_ROUTE = '/api/media/';
export const mediaUrl = (key: string) => `${MEDIA_ROUTE}${key}`;

/** The media route, optionally after an origin and before a query or fragment; the key as written, never decoded. */
const MEDIA_URL = new RegExp(`^(?:https?://[^/?#\\\\]+)?${MEDIA_ROUTE}([^?#]*)(?:[?#].*)?$`, 's');

/**
 * The object key a media address of ours names (`/api/media/<key>`, with or without an origin), or
 * null. The key is taken as written and must pass the one key rule (`isValidKey`): nothing is
 * decoded or resolved first, so backslashes, percent-encoded separators and dot segments, which a
 * URL parser would turn into another key, are refused.
 */
export function mediaKeyOf(url: string): string | null {
  const key = MEDIA_URL.exec(url)?.[1];
  return key !== undefined && isValidKey(key) ? key : null;
}

/** A download's file name as the media route accepts it (`?download=<name>`). */
export const DOWNLOAD_NAME_PATTERN = /^[A-Za-z0-9._-]{1,120}$/;

/**
 * A medium's address as a download named `fileName`: the media route answers it as an attachment,
 * so it keeps its name when the bytes come from the object store's own origin (where a link's
 * `download` attribute no longer applies). Other addresses, and names it would refuse, stay as they are.
 */
export function mediaDownloadUrl(url: string, fileName: string): string {
  if (!url.startsWith(MEDIA_ROUTE) || !DOWNLOAD_NAME_PATTERN.test(fileName)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=${fileName}`;
}

/** Folders anyone may read: built-in actors, landing samples, approved influencers' public copies. */
export const PUBLIC_FOLDERS = ['actors/', 'public/', 'community/'] as const;
/** Where every user's private media live, one folder per user. */
export const USERS_ROOT = 'users/';
export const userFolder = (userId: string) => `${USERS_ROOT}${userId}/`;

// Built-in media (the seed step). The version changes when the drawing does, so caches never serve an old one.
export const actorClipKey = (actorId: string) => `actors/${actorId}/idle-v1.mp4`;
export const actorThumbnailKey = (actorId: string) => `actors/${actorId}/thumbnail-v1.jpg`;
/** The actor id in a built-in clip key (`actors/<id>/idle-v<n>.mp4`), if it is one. */
export const actorIdInKey = (key: string): string | undefined => /^actors\/([^/]+)\/idle-v\d+\.mp4$/.exec(key)?.[1];
export const sampleKey = (sampleId: string) => `public/samples/${sampleId}-v1.mp4`;
/** The still a sample shows before it plays (its first frame), in the formats a `<picture>` offers. */
export type PosterFormat = 'avif' | 'webp';
export const POSTER_CONTENT_TYPES: Record<PosterFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
/** Poster widths: a sample box is 190 to 740 CSS pixels wide on the landing page, the video 640 x 720 (8:9). */
export const SAMPLE_POSTER_WIDTHS = [320, 640] as const;
export type SamplePosterWidth = (typeof SAMPLE_POSTER_WIDTHS)[number];
export const samplePosterHeight = (width: SamplePosterWidth) => (width * 9) / 8;
export const samplePosterKey = (sampleId: string, format: PosterFormat, width: SamplePosterWidth) => `public/samples/${sampleId}-poster-${width}-v1.${format}`;
/** A sample's posters as the API lists them, smallest first; stable addresses, so a page can name them before the list loads. */
export const samplePosters = (sampleId: string): SamplePoster[] =>
  SAMPLE_POSTER_WIDTHS.map((width) => ({
    width,
    height: samplePosterHeight(width),
    avif: mediaUrl(samplePosterKey(sampleId, 'avif', width)),
    webp: mediaUrl(samplePosterKey(sampleId, 'webp', width)),
  }));
/** A voice's sample for one emotion, as the named speech provider says it (made on first request, then kept); the version changes with the words. */
export const voiceSampleKey = (provider: string, voiceId: string, emotion: string) => `public/voices/${provider}/${voiceId}/${emotion}-v1.mp3`;

// A user's own media.
export type ImageFile = 'image.jpg' | 'image.png' | 'image.webp';
export const IMAGE_FILES: Record<string, ImageFile> = { 'image/jpeg': 'image.jpg', 'image/png': 'image.png', 'image/webp': 'image.webp' };

/** A wizard audio preview. */
export const audioKey = (userId: string) => `${userFolder(userId)}audio/${crypto.randomUUID()}.mp3`;
/** Where the pictures a user uploaded wait, before each is copied into its project (or swept). */
export const uploadsFolder = (userId: string) => `${userFolder(userId)}uploads/`;
/** A picture the Creator uploaded. */
export const uploadKey = (userId: string, extension: string) => `${uploadsFolder(userId)}${crypto.randomUUID()}.${extension}`;
export const UPLOAD_KEY_PATTERN = /^users\/[^/]+\/uploads\/[^/]+$/;
/** Whether a key is one of this user's uploads. */
export const isUploadOf = (userId: string, key: string) => UPLOAD_KEY_PATTERN.test(key) && key.startsWith(uploadsFolder(userId));

/** The folder of everything one job stores, and the files it may store there. */
export const jobFolder = (userId: string, jobId: string) => `${userFolder(userId)}jobs/${jobId}/`;
/** `sentence.mp3`: the part of a fixed video's new speech its provider lip-syncs again (revisions). */
export type JobFile = 'video.mp4' | 'clip.mp4' | 'thumbnail.jpg' | 'audio.mp3' | 'audio.timings.json' | 'sentence.mp3' | ImageFile | 'look.json' | CaptionsFile | PosterFile | 'lipsync.json';
/** A finished video's poster: its own first frame at its own size (so at its format's aspect), beside it. */
export type PosterFile = 'poster.webp';
/** A job's captions, beside its video (WebVTT for the player, SRT to download). */
export type CaptionsFile = 'captions.vtt' | 'captions.srt';
export const jobOutputKey = (userId: string, jobId: string, file: JobFile) => `${jobFolder(userId, jobId)}${file}`;

/** An influencer project's own folder (the Creator's portrait and its drawing). */
export const influencerFolder = (userId: string, projectId: number) => `${userFolder(userId)}influencers/${projectId}/`;
export const influencerKey = (userId: string, projectId: number, file: ImageFile | 'look.json') => `${influencerFolder(userId, projectId)}${file}`;

/** A published influencer's public copies; everything in the folder goes when it is withdrawn. */
export const COMMUNITY_ROOT = 'community/';
export const communityFolder = (projectId: number) => `${COMMUNITY_ROOT}${projectId}/`;
/** The project whose public copy a key is (`community/<id>/…`), if it is one. */
export const communityProjectIdOf = (key: string): number | undefined => {
  const id = /^community\/(\d+)\//.exec(key)?.[1];
  return id === undefined ? undefined : Number(id);
};
export const communityKey = (projectId: number, file: 'video-v1.mp4' | 'thumbnail-v1.jpg' | 'look.json' | 'image-v1.jpg' | 'image-v1.png' | 'image-v1.webp') =>
  `${communityFolder(projectId)}${file}`;
export const COMMUNITY_VIDEO_PATTERN = /^community\/\d+\/video-v\d+\.mp4$/;

/** The public copy of a project's portrait, in the format of its own image (`…/image.png` → `community/<id>/image-v1.png`). */
export function communityImageKey(projectId: number, imageKey: string): string {
  const extension = /\.(jpg|png|webp)$/.exec(imageKey)?.[1] ?? 'jpg';
  return communityKey(projectId, `image-v1.${extension}` as 'image-v1.jpg' | 'image-v1.png' | 'image-v1.webp');
}

// Files kept beside others.
/** The phoneme and word timings beside an audio (the embedded lip-sync follows the phonemes, captions the words). */
export const timingsKeyOf = (audioKey: string) => audioKey.replace(/\.\w+$/, '.timings.json');
/**
 * The mouth landmarks the embedded lip-sync keeps beside a picture or clip it analysed, one file per
 * format (found in the format's frame; the portrait card's keeps its original name); they go with it.
 */
export const landmarksKeyOf = (mediaKey: string, format: VideoFormatId = DEFAULT_VIDEO_FORMAT) =>
  format === DEFAULT_VIDEO_FORMAT ? `${mediaKey}.mouths-v1.json` : `${mediaKey}.mouths-v1.${format}.json`;
/** Every format's landmarks file beside a picture or clip (to remove them with it). */
export const allLandmarksKeysOf = (mediaKey: string) => VIDEO_FORMAT_IDS.map((format) => landmarksKeyOf(mediaKey, format));
/** The drawing kept beside a drawn portrait (its project's folder, or a One Shot run's folder). */
export const lookKeyOfImage = (imageKey: string) => `${imageKey.slice(0, imageKey.lastIndexOf('/') + 1)}look.json`;

/** The drawing kept beside an influencer's clip (a job's, a project's, or the community copy), if the key is one. */
export function lookKeyBeside(videoKey: string): string | null {
  const own = /^(users\/[^/]+\/(?:influencers\/\d+|jobs\/[0-9a-f-]+))\/(?:video|clip)\.mp4$/.exec(videoKey);
  if (own) return `${own[1]}/look.json`;
  const community = /^(community\/\d+)\/video-v\d+\.mp4$/.exec(videoKey);
  return community ? `${community[1]}/look.json` : null;
}

// Published remote builds (remote-releases.ts): written once per version, never changed.
export const REMOTES_ROOT = 'remotes/';
/** The folder of one published version of a remote (its folder name, `mfe-wizard`). */
export const remoteVersionFolder = (remoteFolder: string, version: string) => `${REMOTES_ROOT}${remoteFolder}/${version}/`;
/** One file of a published version; `file` is its path inside the build (`mf-manifest.json`, `assets/x.1a2b3c4d.js`). */
export const remoteFileKey = (remoteFolder: string, version: string, file: string) => `${remoteVersionFolder(remoteFolder, version)}${file}`;
