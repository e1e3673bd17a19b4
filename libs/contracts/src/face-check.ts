/**
 * The check before charging (issue 23): a photo or real-person clip is refused before any credit is
 * reserved when lip-sync could not work on it. The reasons travel in a VALIDATION error's details
 * (`{ field, faceCheck }`), with one of these messages.
 */
export const FACE_CHECK_REASONS = ['no-face', 'several-faces', 'face-too-small', 'head-turned', 'still-video', 'clip-too-short', 'clip-too-long', 'frame-rate'] as const;
export type FaceCheckReason = (typeof FACE_CHECK_REASONS)[number];

/** What a refused picture or clip is called in its message. */
export type CheckedMedia = 'photo' | 'video';

export const FaceCheckMessages = {
  'no-face': (media: CheckedMedia) => `No face found: use a ${media} with one clearly visible face.`,
  'several-faces': (media: CheckedMedia) => `More than one face found: use a ${media} that shows only one person's face.`,
  'face-too-small': (media: CheckedMedia) => `The face is too small: use a ${media} where the face fills more of the frame.`,
  'head-turned': (media: CheckedMedia) => `The head is turned or tilted too far: use a ${media} where the person faces the camera.`,
  // A photo is never refused for it: the media is always a video.
  'still-video': (media: CheckedMedia) => `This ${media} does not move: use a clip of you talking or moving, not a still picture.`,
  'clip-too-short': (seconds: number, minimum: number) => `This video is too short (${seconds.toFixed(1)} s): use a clip of at least ${minimum} second${minimum === 1 ? '' : 's'}.`,
  'clip-too-long': (seconds: number, maximum: number) => `This video is too long (${Math.round(seconds)} s): use a clip of at most ${maximum / 60} minutes.`,
  'frame-rate': (fps: number, minimum: number, maximum: number) => `This video's frame rate (${Math.round(fps)} fps) does not fit: use a clip of ${minimum} to ${maximum} frames per second.`,
} as const;

/**
 * `generation.faces.check.v1`: the Creator's check of a picture as soon as it is chosen, before any
 * generation. The gateway holds the picture under `key` (the user's own `users/<id>/uploads/`) only
 * while it is checked, and removes it after the answer.
 */
export interface FaceCheckRequest {
  userId: string;
  key: string;
}

/** What a picture can be refused for: a picture is never a still re-encoded as a video (`still-video` is a clip's alone). */
export type PictureCheckReason = Exclude<FaceCheckReason, 'still-video'>;

/**
 * The picture may be animated, or the check's refusal with its message (nothing is charged either
 * way). Its reasons are a picture's: `generation.faces.check.v1` was published before `still-video`,
 * and a reply may not say what its callers do not know.
 */
export type FaceCheckAnswer = { ok: true } | { ok: false; reason: PictureCheckReason; message: string };

/** Said with a failed generation's message: a failure releases its reserved credit. */
export const CREDIT_NOT_USED = 'Your credit was not used.';

/** A failed generation's message as the UI shows it: what went wrong, then that the credit came back. */
export const withCreditNotUsed = (message: string) => `${message.trim().replace(/([^.!?])$/, '$1.')} ${CREDIT_NOT_USED}`;

/** The face check's reason in an error body's details (`{ details: { faceCheck } }`), if it is one. */
export function faceCheckReasonOf(body: unknown): FaceCheckReason | null {
  const reason = (body as { details?: { faceCheck?: unknown } } | null)?.details?.faceCheck;
  return FACE_CHECK_REASONS.includes(reason as FaceCheckReason) ? (reason as FaceCheckReason) : null;
}
