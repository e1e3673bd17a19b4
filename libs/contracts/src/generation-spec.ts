/**
 * The spec's numbers and texts for generation, defined once for the front end, the gateway, the
 * generation service and its engine.
 */

/** Every portrait and clip the Creator and One Shot make (spec section 9), and the built-in actors' frame. */
export const PORTRAIT_SIZE = { width: 640, height: 720 } as const;
/** The same size as `POST /api/ai-influencer/image` names it: the only `size` it accepts. */
export const PORTRAIT_SIZE_TEXT = `${PORTRAIT_SIZE.width}x${PORTRAIT_SIZE.height}` as const;

/** The Creator's clip (spec section 9: 20 s, played forward then backward). */
export const CREATOR_CLIP_SECONDS = 20;
/** One Shot's clip (spec section 9); its script fits the same 15 s. */
export const ONE_SHOT_CLIP_SECONDS = 15;

/** The image-to-video prompt of the Creator (when the creator leaves it empty) and of One Shot. */
export const DEFAULT_VIDEO_PROMPT = 'A person speaking to the camera, natural head movement, soft light';

/** Longest text one speech request says (characters). */
export const MAX_SPEECH_TEXT_LENGTH = 2000;

/** The script writer's own time-out (ms). */
export const SCRIPT_TIMEOUT_MS = 60_000;
/** How long the gateway waits for a script: the writer's time-out and 5 s, so the writer's own time-out message arrives first. */
export const SCRIPT_REPLY_TIMEOUT_MS = SCRIPT_TIMEOUT_MS + 5_000;
/** How long the gateway waits for a speech, a portrait or a voice sample made while the request waits (ms). */
export const GENERATION_REPLY_TIMEOUT_MS = 60_000;
/**
 * How long the gateway waits for a job to start (ms): before it answers, the start checks the face in
 * a photo or clip (the detector loads on first use, seconds on a busy machine), checks a batch's
 * rows, and reserves the credit.
 */
export const JOB_START_REPLY_TIMEOUT_MS = 45_000;

/** The largest id a PostgreSQL `integer` (a serial id) holds: a number beyond it names no project. */
export const STORED_ID_MAX = 2_147_483_647;

/**
 * A text field's length in characters, with the words each bound is refused in (spec section 5's,
 * character for character, where the spec has them). The web forms (zod), the request classes
 * (class-validator, `@lipcast/nest-kit/requests`) and the OpenAPI document read them from here.
 */
export interface TextLimit {
  readonly min?: number;
  readonly max: number;
  readonly messages: { readonly min?: string; readonly max: string };
}

/** The Creator's portrait description (`POST /api/ai-influencer/image`'s `prompt`). */
export const PORTRAIT_PROMPT = { min: 5, max: 1000, messages: { min: 'Prompt must be at least 5 characters.', max: 'Prompt cannot exceed 1000 characters.' } } as const satisfies TextLimit;
/** A clip's prompt (`POST /api/ai-influencer/video`); left empty, `DEFAULT_VIDEO_PROMPT`. */
export const VIDEO_PROMPT = { max: 1000, messages: { max: 'Prompt cannot exceed 1000 characters.' } } as const satisfies TextLimit;
/** One Shot's `influencerDescription`. */
export const INFLUENCER_DESCRIPTION = {
  min: 10,
  max: 1000,
  messages: { min: 'Description must be at least 10 characters', max: 'Description cannot exceed 1000 characters' },
} as const satisfies TextLimit;
/** One Shot's `scriptTopic`, which is the script writer's `topic` (`POST /api/openai/generate-script`). */
export const SCRIPT_TOPIC = { min: 10, max: 1000, messages: { min: 'Topic must be at least 10 characters', max: 'Topic cannot exceed 1000 characters' } } as const satisfies TextLimit;
/** The wizard's dialogue (`POST /api/replicate/audio`'s `text`): not blank once trimmed, at most `MAX_SPEECH_TEXT_LENGTH` characters. */
export const DIALOGUE_TEXT = { max: MAX_SPEECH_TEXT_LENGTH, messages: { blank: 'Please enter dialogue text', max: `Dialogue text must be at most ${MAX_SPEECH_TEXT_LENGTH} characters` } } as const;

/** One Shot's genders (spec section 5: male or female, default male). */
export const ONE_SHOT_GENDERS = ['male', 'female'] as const;

/** How long a script may take to say (`POST /api/openai/generate-script`'s `maxDuration`, seconds). */
export const SCRIPT_DURATION = { min: 3, max: 60, message: 'maxDuration must be a number of seconds from 3 to 60' } as const;

/** Longest media URL a request names (a clip, a speech, a picture of the user's). */
export const MEDIA_URL_MAX_LENGTH = 2000;
