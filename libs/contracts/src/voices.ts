/**
 * The voice catalog: how each speech voice is named and described to people. Ids stay the
 * provider's (minimax speech-02's system voices, which the embedded engine speaks too); every
 * display name follows one pattern, "<Quality> <Person>" in Title Case (so `Abbess` is "Serene
 * Woman" and `Inspirational_girl` is "Inspirational Girl"), with a gender and a tone tag.
 */

export const VOICE_GENDERS = ['female', 'male', 'neutral'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

export const VOICE_TONES = ['calm', 'warm', 'bright', 'lively', 'deep', 'gentle', 'confident', 'relaxed', 'refined'] as const;
export type VoiceTone = (typeof VOICE_TONES)[number];

/** The emotions a voice speaks with (spec section 3, Audio parameters). */
export const VOICE_EMOTIONS = ['neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;
export type VoiceEmotion = (typeof VOICE_EMOTIONS)[number];
/** Other names a request may give an emotion: `surprise`, as older requests and the spec's One Shot pipeline spell it. */
export const EMOTION_ALIASES = { surprise: 'surprised' } as const satisfies Record<string, VoiceEmotion>;
export type EmotionAlias = keyof typeof EMOTION_ALIASES;
/** What a request may name as its emotion: the voices' own, or an alias of one. */
export type AcceptedEmotion = VoiceEmotion | EmotionAlias;
export const ACCEPTED_EMOTIONS: readonly AcceptedEmotion[] = [...VOICE_EMOTIONS, ...(Object.keys(EMOTION_ALIASES) as EmotionAlias[])];

/** The emotion a voice speaks for a requested one, in any case (`Surprise` → `surprised`); null for a name that is neither an emotion nor an alias. */
export function voiceEmotionOf(requested: string): VoiceEmotion | null {
  const name = requested.toLowerCase();
  const emotion = Object.hasOwn(EMOTION_ALIASES, name) ? EMOTION_ALIASES[name as EmotionAlias] : name;
  return (VOICE_EMOTIONS as readonly string[]).includes(emotion) ? (emotion as VoiceEmotion) : null;
}

/** The speech settings' ranges (spec section 3, Audio parameters): speed a number, pitch a whole number. */
export const SPEECH_SPEED = { min: 0.5, max: 2, default: 1 } as const;
export const SPEECH_PITCH = { min: -10, max: 10, default: 0 } as const;
export const SPEECH_VOLUME = { min: 0, max: 10, default: 1 } as const;
/** How a setting out of its range, or a named emotion not spoken, is refused (by the engine and the request checks alike). */
export const SpeechSettingMessages = {
  speed: `speed must be a number from ${SPEECH_SPEED.min} to ${SPEECH_SPEED.max}`,
  pitch: `pitch must be a whole number from ${SPEECH_PITCH.min} to ${SPEECH_PITCH.max}`,
  volume: `volume must be a number from ${SPEECH_VOLUME.min} to ${SPEECH_VOLUME.max}`,
  emotion: `emotion must be one of: ${VOICE_EMOTIONS.join(', ')}`,
} as const;
/** Longest voice id a request may name: longer names no voice (every catalog id is shorter). */
export const VOICE_ID_MAX_LENGTH = 60;

export interface VoiceInfo {
  id: string;
  name: string;
  /** Null for a voice the catalog does not know (a provider's new voice). */
  gender: VoiceGender | null;
  tone: VoiceTone | null;
}

/** Every voice Lipcast offers, by id: the one list the speech engines, the providers' voice maps and One Shot draw from. */
export const VOICE_CATALOG = {
  Wise_Woman: { name: 'Wise Woman', gender: 'female', tone: 'calm' },
  Friendly_Person: { name: 'Friendly Person', gender: 'neutral', tone: 'warm' },
  Inspirational_girl: { name: 'Inspirational Girl', gender: 'female', tone: 'bright' },
  Deep_Voice_Man: { name: 'Deep Voice Man', gender: 'male', tone: 'deep' },
  Calm_Woman: { name: 'Calm Woman', gender: 'female', tone: 'calm' },
  Casual_Guy: { name: 'Casual Guy', gender: 'male', tone: 'relaxed' },
  Lively_Girl: { name: 'Lively Girl', gender: 'female', tone: 'lively' },
  Patient_Man: { name: 'Patient Man', gender: 'male', tone: 'gentle' },
  Young_Knight: { name: 'Young Knight', gender: 'male', tone: 'confident' },
  Determined_Man: { name: 'Determined Man', gender: 'male', tone: 'confident' },
  Lovely_Girl: { name: 'Lovely Girl', gender: 'female', tone: 'warm' },
  Decent_Boy: { name: 'Decent Boy', gender: 'male', tone: 'bright' },
  Imposing_Manner: { name: 'Imposing Man', gender: 'male', tone: 'deep' },
  Elegant_Man: { name: 'Elegant Man', gender: 'male', tone: 'refined' },
  Abbess: { name: 'Serene Woman', gender: 'female', tone: 'calm' },
  Sweet_Girl_2: { name: 'Sweet Girl', gender: 'female', tone: 'gentle' },
  Exuberant_Girl: { name: 'Exuberant Girl', gender: 'female', tone: 'lively' },
} as const satisfies Record<string, Omit<VoiceInfo, 'id'>>;

/** A voice the catalog knows; a `Record<VoiceId, …>` (a provider's voice map) lacking one does not compile. */
export type VoiceId = keyof typeof VOICE_CATALOG;
/** The catalog's ids, in its order. */
export const VOICE_IDS = Object.keys(VOICE_CATALOG) as readonly VoiceId[];
export const isVoiceId = (id: string): id is VoiceId => Object.hasOwn(VOICE_CATALOG, id);
/** The catalog's voices of one gender, in its order. */
export const voicesOfGender = (gender: VoiceGender): VoiceId[] => VOICE_IDS.filter((id) => VOICE_CATALOG[id].gender === gender);

/** A display name for an id the catalog lacks: underscores as spaces, each word capitalised (`new_voice_2` → "New Voice 2"). */
export const fallbackVoiceName = (id: string) =>
  id
    .split('_')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/** What people are shown for a voice id. */
export function voiceInfo(id: string): VoiceInfo {
  return isVoiceId(id) ? { id, ...VOICE_CATALOG[id] } : { id, name: fallbackVoiceName(id), gender: null, tone: null };
}

/** The words of a voice's sample. */
export const voiceSampleText = (id: string) => `Hi, I'm ${voiceInfo(id).name}. This is how I sound.`;

/** `GET /api/voices/:voiceId/sample?emotion=` answers with (a redirect to) the stored sample. */
export const voiceSamplePath = (id: string, emotion: string) => `/api/voices/${encodeURIComponent(id)}/sample?emotion=${encodeURIComponent(emotion)}`;

/** `generation.voices.sample.v1`: the sample of a known voice and emotion, made once. */
export interface VoiceSampleRequest {
  voiceId: string;
  emotion: VoiceEmotion;
}
export interface VoiceSampleResponse {
  url: string;
}

/**
 * Cloning a creator's own voice (issue 35, item 5): the sample's length. MiniMax takes 10 s to 5 min;
 * Lipcast asks for what its own-voice upload keeps (at most 60 s), so 10-60 s.
 */
export const VOICE_CLONE_SAMPLE_SECONDS = { min: 10, max: 60 } as const;
/** A cloned voice's id in Lipcast: `clone:<uuid>`, never the provider's own id. */
export const CLONED_VOICE_PREFIX = 'clone:';
export const isClonedVoiceId = (voiceId: string) => voiceId.startsWith(CLONED_VOICE_PREFIX);
/** Why the embedded defaults clone no voice: the page and the API say so in these words. */
export const VOICE_CLONING_UNAVAILABLE = 'Voice cloning needs a provider key (Replicate): set MEDIA_PROVIDER=replicate (or SPEECH_PROVIDER=replicate) and REPLICATE_API_TOKEN. The embedded voice cannot be cloned.';
/** The longest name a cloned voice takes. */
export const MAX_CLONED_VOICE_NAME_LENGTH = 40;

export const VoiceCloneMessages = {
  consent: 'Confirm that this is your voice, or that you have their written consent, to clone it.',
  noName: 'Give your voice a name.',
  longName: `Name cannot exceed ${MAX_CLONED_VOICE_NAME_LENGTH} characters.`,
  notYours: 'audio must be one of your own voice recordings (upload it first through POST /api/audio/uploads).',
  missing: 'That recording is no longer stored: upload it again.',
  length: (seconds: number) =>
    `A voice is cloned from ${VOICE_CLONE_SAMPLE_SECONDS.min} to ${VOICE_CLONE_SAMPLE_SECONDS.max} seconds of speech; this recording is ${seconds.toFixed(1)} s.`,
  notFound: 'No such voice.',
} as const;

/** A creator's private voice, cloned from their recording: `clone:<uuid>` is its `voice_id` in speech requests. */
export interface ClonedVoice {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string;
}

/** `POST /api/voices/clone`: the URL `POST /api/audio/uploads` answered, the consent ticked, a name. */
export interface CloneVoiceBody {
  audio: string;
  consent: true;
  name: string;
}
/** `generation.voices.clone.v1`. */
export interface CloneVoiceRequest extends CloneVoiceBody {
  userId: string;
}
/** `generation.voices.own.delete.v1`: `voiceId` is `clone:<uuid>`. */
export interface ClonedVoiceRequest {
  userId: string;
  voiceId: string;
}
/** `GET /api/voices/own`: the creator's cloned voices, newest first, and whether cloning is on here (with why not). */
export interface OwnVoiceList {
  voices: ClonedVoice[];
  cloning: boolean;
  /** Why cloning is off (the embedded defaults), shown on the page. */
  reason?: string;
  sampleSeconds: { min: number; max: number };
}
