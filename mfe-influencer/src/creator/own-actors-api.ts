import { ACTOR_CLIP_DEFAULTS, API_ROUTES, type OwnActor, type OwnActorClipLimits } from '@lipcast/contracts';
import { ApiError, callApi, uploadWithProgress, type UploadProgress } from '@lipcast/web-kit';

/** A creator's own actors (issue 35): the same query key as the wizard's step 1, which lists them too. */
export const OWN_ACTORS_QUERY_KEY = [API_ROUTES.ownActors.path] as const;

export const listOwnActors = () => callApi(API_ROUTES.ownActors);

export const deleteOwnActor = (actorId: string) => callApi(API_ROUTES.deleteOwnActor(actorId));

/** The form's fields, sent as multipart: the clip, its name and the ticked likeness consent. */
export function uploadOwnActor(clip: File, name: string, onProgress: UploadProgress): Promise<OwnActor> {
  const form = new FormData();
  form.append('clip', clip);
  form.append('name', name.trim());
  form.append('consent', 'true');
  return uploadWithProgress(API_ROUTES.createOwnActor, form, onProgress);
}

/** Until the list answers (or when it cannot), the form says the defaults; the server applies its own either way. */
export const DEFAULT_CLIP_LIMITS: OwnActorClipLimits = { minSeconds: ACTOR_CLIP_DEFAULTS.minSeconds, maxSeconds: ACTOR_CLIP_DEFAULTS.maxSeconds, maxMegabytes: ACTOR_CLIP_DEFAULTS.maxMegabytes };

/** "MP4, MOV or WebM, 3-60 s, up to 1080p and 200 MB". */
export const clipLimitsText = ({ minSeconds, maxSeconds, maxMegabytes }: OwnActorClipLimits) => `MP4, MOV or WebM, ${minSeconds}-${maxSeconds} s, up to 1080p and ${maxMegabytes} MB`;

export type OwnActorField = 'clip' | 'name' | 'consent';
const FIELDS: readonly OwnActorField[] = ['clip', 'name', 'consent'];

/** The field a refusal belongs beside (`details.field` of a 400 or 413), or null for anything else. */
export function refusedField(error: unknown): OwnActorField | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 413)) return null;
  const field = (error.body as { details?: { field?: unknown } } | null)?.details?.field;
  return FIELDS.find((candidate) => candidate === field) ?? null;
}
