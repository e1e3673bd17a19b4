/**
 * A creator's own actors (issue 35): a clip of themselves (or of someone whose written consent they
 * hold) that Lipcast makes say anything. Private to its owner; the wizard lists them under "Your
 * actors", the public API names one `own:<id>`. Every face or voice a creator brings is recorded
 * with the consent they gave for it (`LikenessConsent`), and each video made from it points there.
 */
import { userFolder } from './media-keys';

/**
 * What every video made from a real person's face says it is: in its container's metadata, and as
 * a visible label wherever it is shown publicly (the gallery).
 */
export const AI_GENERATED_LABEL = 'AI-generated';

/** What a creator confirms at every upload of a face (the page shows it beside the required checkbox). */
export const LIKENESS_CONSENT_TEXT = "This is me, or I have this person's written consent to use their likeness.";
/** What a creator confirms at every voice recording or cloning. */
export const VOICE_CONSENT_TEXT = "This is me, or I have this person's written consent to use their voice.";

export type ConsentSubject = 'likeness' | 'voice';
export const CONSENT_TEXTS: Record<ConsentSubject, string> = { likeness: LIKENESS_CONSENT_TEXT, voice: VOICE_CONSENT_TEXT };

/** A consent as recorded: who gave it (the owner), for what media, the exact words, and when. */
export interface LikenessConsentRecord {
  id: string;
  subject: ConsentSubject;
  text: string;
  givenAt: string;
}

/**
 * An own actor's clip. The defaults; the service's settings (`ACTOR_CLIP_*`) and the gateway's
 * (`ACTOR_CLIP_MAX_MB`) may change them, and the page reads them from the answer of `GET /api/actors/own`.
 */
export const ACTOR_CLIP_DEFAULTS = {
  minSeconds: 3,
  maxSeconds: 60,
  /** The clip's longer side at most 1920 pixels and its shorter at most 1080 (1080p either way up). */
  maxLongSide: 1920,
  maxShortSide: 1080,
  maxMegabytes: 200,
} as const;
export const ACTOR_CLIP_TYPES = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' } as const;
export type ActorClipType = keyof typeof ACTOR_CLIP_TYPES;
/** The longest name an own actor takes. */
export const MAX_OWN_ACTOR_NAME_LENGTH = 60;

export const OwnActorMessages = {
  consent: 'Confirm that this is you, or that you have their written consent, to use this clip.',
  noName: 'Give your actor a name.',
  longName: `Name cannot exceed ${MAX_OWN_ACTOR_NAME_LENGTH} characters.`,
  noClip: 'Choose a video clip to upload.',
  clipType: 'Upload an MP4, MOV or WebM video.',
  tooLarge: (megabytes: number) => `This video is too large: upload a clip of at most ${megabytes} MB.`,
  tooShort: (seconds: number, minimum: number) => `This video is too short (${seconds.toFixed(1)} s): use a clip of ${minimum} seconds or more.`,
  tooLong: (seconds: number, maximum: number) => `This video is too long (${Math.round(seconds)} s): use a clip of at most ${maximum} seconds.`,
  tooBig: (width: number, height: number) => `This video is ${width}x${height}: use a clip of at most 1080p (1920x1080 or 1080x1920).`,
  notFound: 'No such actor.',
} as const;

/** The public API's name of an own actor (`actor: "own:<id>"`). */
export const OWN_ACTOR_PREFIX = 'own:';
export const ownActorRef = (id: string) => `${OWN_ACTOR_PREFIX}${id}`;
/** The own actor's id in an API `actor`, if it names one. */
export const ownActorIdOf = (actor: string): string | undefined => (actor.startsWith(OWN_ACTOR_PREFIX) ? actor.slice(OWN_ACTOR_PREFIX.length) : undefined);

/** An own actor's folder: its clip and still; everything in it goes with the actor. */
export const ownActorFolder = (userId: string, actorId: string) => `${userFolder(userId)}actors/${actorId}/`;
export const ownActorClipKey = (userId: string, actorId: string, extension: string) => `${ownActorFolder(userId, actorId)}clip.${extension}`;
export const ownActorThumbnailKey = (userId: string, actorId: string) => `${ownActorFolder(userId, actorId)}thumbnail.jpg`;
export const OWN_ACTOR_CLIP_PATTERN = /^users\/[^/]+\/actors\/[^/]+\/clip\.[a-z0-9]+$/;

/** An own actor as its owner sees it. */
export interface OwnActor {
  id: string;
  name: string;
  /** The clip (a path on this site, the owner's only). */
  url: string;
  thumbnail: string;
  durationSeconds: number;
  width: number;
  height: number;
  createdAt: string;
  consent: LikenessConsentRecord;
}

/** What an own actor's clip may be, as the upload form says it. */
export interface OwnActorClipLimits {
  minSeconds: number;
  maxSeconds: number;
  maxMegabytes: number;
}

/** `GET /api/actors/own`: the owner's actors, newest first, and the clip limits the upload form applies. */
export interface OwnActorList {
  actors: OwnActor[];
  limits: OwnActorClipLimits;
}

/** `generation.actors.own.list.v1`'s answer: the gateway adds the upload's size limit, which it enforces. */
export interface OwnActorListReply {
  actors: OwnActor[];
  limits: Omit<OwnActorClipLimits, 'maxMegabytes'>;
}

/** `generation.ownActors.create.v1`: a clip the gateway stored in the user's uploads, to become an actor once checked. */
export interface CreateOwnActorRequest {
  userId: string;
  /** The upload (`users/<id>/uploads/…`). */
  key: string;
  name: string;
  /** The creator ticked `LIKENESS_CONSENT_TEXT`. */
  consent: boolean;
}

/** `generation.ownActors.get.v1` and `.delete.v1`. */
export interface OwnActorRequest {
  userId: string;
  actorId: string;
}
