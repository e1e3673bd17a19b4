import { ONE_SHOT_CLIP_SECONDS } from './generation-spec';
import type { VideoFormatId } from './video-formats';
import type { CaptionFiles, CaptionsChoice } from './captions';
import type { LipSyncCheck } from './lip-sync-check';

/** Voice settings of a wizard audio (spec section 3, Audio parameters), as kept with a project. */
export interface AudioParams {
  text: string;
  voice_id?: string;
  emotion?: string;
  pitch?: number;
  speed?: number;
  volume?: number;
  language?: string;
  /** The actor (or influencer) the audio was made for. */
  videoId?: string;
}

/**
 * A history item (spec section 3, Project): `GET /api/projects`, newest first. `outputUrl` set means
 * the video is complete; `audioUrl` alone means the audio exists and the video is pending.
 */
export interface Project {
  id: number;
  createdAt: string;
  audioUrl: string | null;
  outputUrl: string | null;
  audioParams: AudioParams | null;
  /** The video's format (`VIDEO_FORMATS`); absent for items made before formats existed (the portrait card). */
  format?: VideoFormatId;
  /** The video's poster (its first frame, at its format's aspect); absent for videos made before posters. */
  posterUrl?: string;
  /** The video's captions (WebVTT and SRT), if its job made them. */
  captions?: CaptionFiles;
  /** The name its owner gave it on /projects (`projectName`); null: none yet. */
  title?: string | null;
}

export interface ListProjectsRequest {
  userId: string;
}

/** Every kind of job, and every state a caller sees a job in. */
export const JOB_KINDS = ['lipsync', 'image_to_video', 'one_shot'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job as callers see it (`GET /api/jobs/{id}`, and each progress event). */
export interface JobState {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** 0..100, never lower than a value reported before. */
  progress: number;
  /** The finished video (or image clip) on our media route. */
  url: string | null;
  error: string | null;
  /** A One Shot run's steps, as they complete. */
  steps?: PipelineSteps;
  /** While queued: how many jobs of its lane are ahead of it (0: it starts next). */
  queuePosition?: number;
  /** While queued or running: the seconds until it should be done (its wait and its run), from the engines' measured speed and its progress. */
  estimatedSeconds?: number;
  /** A finished spoken video's word-timed captions (WebVTT and SRT); absent for videos made before captions, or without speech timings. */
  captions?: CaptionFiles;
  /** A finished video's poster (its first frame, at its format's aspect); absent for videos made before posters. */
  posterUrl?: string;
  /** A finished lip-synced video's measured lip-sync (`lipSyncWords` says it); absent for videos made before the check. */
  lipSync?: LipSyncCheck;
  /** The video's format when it is not the portrait card (a lip-sync's or a One Shot run's). */
  format?: VideoFormatId;
}

export type PipelineStepStatus = 'waiting' | 'running' | 'done' | 'failed';

/** The four steps the One Shot page shows (spec section 2), with what each produced. */
export interface PipelineSteps {
  script: { status: PipelineStepStatus; script?: string };
  /** `coverage`: what the offline engine drew of the description and what it could not (a real provider draws everything). */
  image: { status: PipelineStepStatus; url?: string; projectId?: number; coverage?: PortraitCoverage };
  audio: { status: PipelineStepStatus; url?: string };
  /** `retry`: the attempt of the image-to-video conversion under way after a failed one (2 or 3). */
  video: { status: PipelineStepStatus; url?: string; retry?: number };
}

/** `POST /api/ai-influencer/pipeline` (spec section 5 for the rules). */
export interface PipelineRequest {
  influencerDescription: string;
  gender?: 'male' | 'female';
  scriptTopic: string;
  /** The script the creator read and edited (from `POST /api/openai/generate-script`); without it the run writes one from the topic. */
  script?: string;
  /** The video's format (`VIDEO_FORMATS`, the portrait card unless said). */
  format?: VideoFormatId;
  /** Captions burned into the picture, and their style (`CAPTION_CHOICES`; `none` unless said). The captions track is made either way. */
  captions?: CaptionsChoice;
}

/** One Shot's speech budget (spec section 9): a script is estimated at words / 2.2 + 1 seconds, at most the clip's 15. */
export const ONE_SHOT_SCRIPT_MAX_SECONDS = ONE_SHOT_CLIP_SECONDS;
export const ONE_SHOT_WORDS_PER_SECOND = 2.2;
export const scriptWordCount = (script: string) => script.trim().split(/\s+/).filter(Boolean).length;
/** Seconds a script takes to say (spec section 9): words / 2.2 + 1. */
export const scriptSeconds = (script: string) => scriptWordCount(script) / ONE_SHOT_WORDS_PER_SECOND + 1;
/** Estimated seconds of speech, to one decimal. */
export const scriptSpeechSeconds = (script: string) => Math.round(scriptSeconds(script) * 10) / 10;
/** The most words a One Shot script may have (30). */
export const ONE_SHOT_SCRIPT_MAX_WORDS = Math.floor((ONE_SHOT_SCRIPT_MAX_SECONDS - 1) * ONE_SHOT_WORDS_PER_SECOND);
/** Far more than 30 words take; it keeps a run's input small. */
export const ONE_SHOT_SCRIPT_MAX_CHARACTERS = 500;
/** Why a One Shot script cannot be spoken in the run, or null when it fits (the page and the service say the same). */
export function scriptProblem(script: string): string | null {
  if (script.trim() === '') return 'Please write a script or generate one.';
  if (script.trim().length > ONE_SHOT_SCRIPT_MAX_CHARACTERS) return `The script cannot exceed ${ONE_SHOT_SCRIPT_MAX_CHARACTERS} characters.`;
  const seconds = scriptSpeechSeconds(script);
  if (scriptWordCount(script) > ONE_SHOT_SCRIPT_MAX_WORDS)
    return `The script is too long: about ${seconds} s of speech, and the video lasts ${ONE_SHOT_SCRIPT_MAX_SECONDS} s. Shorten it to ${ONE_SHOT_SCRIPT_MAX_WORDS} words or fewer.`;
  return null;
}

/** The payload of a job's cancel event. */
export interface JobStopEvent {
  jobId: string;
}

/** A built-in actor (spec section 3, Actor). */
export interface Actor {
  id: string;
  title: string;
  setting: 'Digital Performance' | 'Puppet Performance' | 'Digital Character';
  duration: number;
  thumbnail: string;
  url: string;
}

/** `POST /api/replicate/audio` (spec section 3, Audio parameters). */
export interface AudioRequest {
  text: string;
  voice_id: string;
  emotion?: string;
  pitch?: number;
  speed?: number;
  volume?: number;
  language?: string;
  // The page sends these two (spec section 7) and nothing reads them: the gateway strips them, so no
  // request carries them (they stay in `generation.audio.create.v1`'s schema, as a published property does).
  estimatedDuration?: number;
  videoDuration?: number;
}

export interface UserAudioRequest extends AudioRequest {
  userId: string;
  /** The actor or influencer the audio is for (kept with the project). */
  videoId?: string;
}

export interface AudioResponse {
  url: string;
}

/**
 * A creator's own voice (issue 35, item 5): a recording made in the wizard or an audio file, used as
 * the speech of a lip-sync. The defaults; the gateway's `AUDIO_UPLOAD_MAX_MB` may change the size.
 */
export const AUDIO_UPLOAD_LIMITS = { minSeconds: 0.5, maxSeconds: 60, maxMegabytes: 20 } as const;
/** What a recording or audio file may be (a browser's MediaRecorder makes WebM, Ogg or MP4 audio), and its upload's extension. */
export const AUDIO_UPLOAD_TYPES = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
} as const;
export type AudioUploadType = keyof typeof AUDIO_UPLOAD_TYPES;
/** A part's type without its parameters (`audio/webm;codecs=opus` is `audio/webm`). */
export const audioUploadTypeOf = (contentType: string): AudioUploadType | undefined => {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type in AUDIO_UPLOAD_TYPES ? (type as AudioUploadType) : undefined;
};

export const AudioUploadMessages = {
  consent: 'Confirm that this is your voice, or that you have their written consent, to use this recording.',
  noAudio: 'Record your voice or choose an audio file to upload.',
  audioType: 'Upload a WebM, Ogg, M4A, MP3 or WAV audio file.',
  tooLarge: (megabytes: number) => `This audio is too large: upload a file of at most ${megabytes} MB.`,
  unreadable: 'This audio could not be read: record again or upload another file.',
  silent: 'This recording is silent: check your microphone and record again.',
  tooShort: (seconds: number, minimum: number) => `This recording is too short (${seconds.toFixed(1)} s): speak for at least ${minimum} seconds.`,
  tooLong: (maximum: number) => `This recording is longer than ${maximum} seconds: keep it to ${maximum} seconds or less.`,
} as const;

/** Where an uploaded voice's captions come from: the text the creator typed (aligned to it), a transcription, or nowhere (no captions). */
export type AudioCaptionsSource = 'typed' | 'transcribed' | 'none';

/** `POST /api/audio/uploads`: the voice, converted to the MP3 the wizard's speech makes. */
export interface AudioUploadAnswer extends AudioResponse {
  durationSeconds: number;
  captions: AudioCaptionsSource;
}

/** `generation.audio.upload.v1`: a recording the gateway stored in the user's uploads. */
export interface AudioUploadRequest {
  userId: string;
  /** The upload (`users/<id>/uploads/…`). */
  key: string;
  /** The creator ticked `VOICE_CONSENT_TEXT`. */
  consent: boolean;
  /** What the recording says, when the creator typed it: its captions follow it. */
  text?: string;
}

/** `POST /api/replicate/lipsync` (spec section 3, Lipsync request). */
export interface LipSyncRequest {
  video: string;
  audio?: string;
  audioUrl?: string;
  // The page sends these two (spec section 7) and nothing reads them: the gateway strips them, so no
  // request carries them (they stay in `generation.lipsync.start.v1`'s schema, as a published property does).
  videoDuration?: number;
  audioParams?: AudioParams;
  /** The video's format (`VIDEO_FORMATS`, the portrait card unless said). */
  format?: VideoFormatId;
  /** Captions burned into the picture, and their style (`CAPTION_CHOICES`; `none` unless said). The captions track is made either way. */
  captions?: CaptionsChoice;
  /**
   * The take (`TAKE_SEED_MAX`): absent or 0, the first. The same request with the same seed is the same
   * job (the wizard's re-send after a 202); "Generate Again" sends a new seed, so a new take is made.
   */
  seed?: number;
}

export interface UserLipSyncRequest extends LipSyncRequest {
  userId: string;
}

export interface UserJobRequest {
  userId: string;
  jobId: string;
}

/** One size of a sample's poster (its first frame), in both formats; `samplePosters` in media-keys builds them. */
export interface SamplePoster {
  width: number;
  height: number;
  avif: string;
  webp: string;
}

/** The landing page's public sample videos, made by the seed step (`GET /api/samples`). */
export interface SampleVideo {
  id: string;
  title: string;
  url: string;
  /** Smallest first. */
  posters: SamplePoster[];
}

export interface SampleVideos {
  hero: SampleVideo[];
  examples: SampleVideo[];
}

/** How many of each the seed makes: the landing page reserves their boxes before they load. */
export const SAMPLE_VIDEO_COUNTS = { hero: 3, examples: 2 } as const satisfies Record<keyof SampleVideos, number>;
/** The first hero sample: the landing page's largest first paint, so the prerendered page shows its poster before the list loads. */
export const LEAD_SAMPLE_ID = 'hero-1';

export interface UserProjectRequest {
  userId: string;
  projectId: number;
}

/** `POST /api/openai/generate-script` (spec sections 7 and 9: One Shot asks for 15 seconds). */
export interface ScriptRequestBody {
  topic: string;
  maxDuration?: number;
}

/** Over NATS: the script request with the signed-in user, whose daily quota of scripts it counts against. */
export interface UserScriptRequest extends ScriptRequestBody {
  userId: string;
}

export interface ScriptResponse {
  script: string;
}

/** An influencer project (spec section 3): a portrait, then its looping clip; private to its creator until they publish it (with consent) to the gallery. */
export interface InfluencerProject {
  id: number;
  createdAt: string;
  imageUrl: string;
  /** "illustration" when the embedded engine drew it (the UI labels it), "photo" from a provider, "upload" from the user. */
  imageKind: 'photo' | 'illustration' | 'upload';
  thumbnailUrl: string | null;
  /** The clip, once made (in the gallery: its public copy). */
  outputUrl: string | null;
  /** Seconds, measured when the clip was made. */
  duration: number | null;
  /** In the community gallery: published by its owner (never automatically) and not held by moderation. */
  isApproved: boolean;
  /** Where moderation has it; only `visible` ones may be in the gallery. */
  moderation: InfluencerModeration;
  /** The name its owner gave it when publishing (null while it has never been published). */
  name: string | null;
  /** Whether the signed-in caller made it (gallery). */
  isOwner: boolean;
  /** The clip's format (`VIDEO_FORMATS`), said in the gallery; absent: the portrait card (Creator clips are made in it). */
  format?: VideoFormatId;
}

/** Longest name an influencer can be published under. */
export const MAX_INFLUENCER_NAME_LENGTH = 60;
/** How a publication is refused (the request check and the generation service alike). */
export const PublishMessages = {
  consent: 'Publishing needs your consent: tick the box to confirm.',
  noName: 'Give your influencer a name to publish it.',
  longName: `Name cannot exceed ${MAX_INFLUENCER_NAME_LENGTH} characters.`,
} as const;
/** What the creator confirms before publishing an uploaded picture (the page shows it beside the checkbox). */
export const UPLOAD_CONSENT_TEXT = "I have the rights to this image and the person's consent";
/** What the creator confirms before publishing a drawn or generated portrait. */
export const PUBLISH_CONSENT_TEXT = 'I agree to show this influencer publicly in the community gallery';

/** `POST /api/ai-influencer/image`. */
export interface InfluencerImageRequest {
  prompt: string;
  /** `PORTRAIT_SIZE_TEXT`, "640x720" (the only size the spec uses). */
  size?: string;
}

export interface InfluencerImageResponse {
  url: string;
  id: number;
  /** "illustration" when the embedded engine drew it (the page labels it so). */
  imageKind: InfluencerProject['imageKind'];
  /** Only from the offline engine: which words of the description it drew and which it could not. */
  coverage?: PortraitCoverage;
}

/** The offline portrait engine's reading of a description: `drawn` terms (e.g. "red hair") and the meaningful words it could not draw. */
export interface PortraitCoverage {
  drawn: string[];
  notDrawn: string[];
}

/** `POST /api/ai-influencer/video[?projectId=]`: `image` is our media URL (the project's image, or an upload stored by the gateway). */
export interface InfluencerVideoRequest {
  image: string;
  prompt?: string;
  projectId?: number;
  /**
   * An uploaded picture (one that is not yet a project's) needs it: the creator confirms
   * `LIKENESS_CONSENT_TEXT` for the face in it, recorded with the project it starts.
   */
  consent?: boolean;
}
/** Why an uploaded picture is refused without `consent: true` (beside the field `consent`). */
export const PHOTO_CONSENT_MESSAGE = 'Confirm that this is you, or that you have their written consent, to use this photo.';

/**
 * `generation.uploads.check.v1`: asked by the gateway before it stores an uploaded picture for a
 * clip → `{allowed: true}`, or `VALIDATION` (the request), `PAYMENT_REQUIRED` (no generation left),
 * `PAYLOAD_TOO_LARGE` (the user's storage is full).
 */
export interface UploadCheckRequest {
  userId: string;
  /** The picture's size in bytes. */
  bytes: number;
  prompt?: string;
  projectId?: number;
}

export interface UserInfluencerRequest {
  userId: string;
  projectId: number;
}

/**
 * Over NATS (`generation.influencer.approve.v1`): publishing (`approved: true`) needs the owner's
 * consent and a name; withdrawing (`approved: false`) needs neither and takes effect at once.
 */
export interface InfluencerPublishRequest extends UserInfluencerRequest {
  approved: boolean;
  consent?: boolean;
  name?: string;
}

/**
 * One moderation state per influencer, which publishing, the gallery, `influencer:<id>` in the API,
 * clip reuse and job completion all obey: `visible` (the owner decides whether it is published),
 * `in_review` (reported enough: out of the gallery until an operator decides), `removed` (an operator
 * took it down). Only an operator moves it out of `in_review` or `removed`, always with a reason.
 */
export const MODERATION_STATES = ['visible', 'in_review', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** What the owner sees of moderation: the state, the reason given, and whether they may still appeal. */
export interface InfluencerModeration {
  state: ModerationState;
  /** The operator's reason, or why reports put it in review; null while visible and never decided. */
  reason: string | null;
  /** True once the owner appealed this decision: one appeal per decision. */
  appealed: boolean;
}

export const MAX_APPEAL_LENGTH = 1000;

/** `POST /api/ai-influencer/projects/{id}/appeal`: the owner's one appeal of a review or removal. */
export interface InfluencerAppealBody {
  message: string;
}

/** Over NATS (`generation.influencer.appeal.v1`). */
export interface InfluencerAppealRequest extends UserInfluencerRequest, InfluencerAppealBody {}

/** The reason an item's reports put it in review (the owner reads it; the reporters stay anonymous). */
export const IN_REVIEW_REASON = 'Several people reported it. It is out of the gallery until an operator reviews it.';

/** Why someone reports a gallery influencer. */
export const REPORT_REASONS = {
  likeness: "It uses someone's likeness without their consent",
  impersonation: 'It impersonates a real person or brand',
  offensive: 'It is offensive or inappropriate',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const MAX_REPORT_CONTACT_LENGTH = 200;

/** `POST /api/ai-influencer/gallery/{id}/report` (anyone, signed in or not). */
export interface InfluencerReportBody {
  reason: ReportReason;
  /** How to reach the reporter, if they want an answer. */
  contact?: string;
}

/**
 * Over NATS: a report, with who made it (a user id, or a digest of a signed-out caller's address), so
 * one person counts once, and whether they are established (an account older than a day, or a paying
 * one): an established reporter counts 1, a new account or a signed-out address 1/3.
 */
export interface InfluencerReportRequest extends InfluencerReportBody {
  projectId: number;
  reporter: string;
  /** Absent (an older gateway): not established. */
  established?: boolean;
}

/** How long an account exists before its reports count in full. */
export const ESTABLISHED_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1000;

/** Over NATS: a provider's webhook delivery as received (the signature covers the body byte for byte). */
export interface ProviderWebhookRequest {
  body: string;
  id: string;
  timestamp: string;
  signature: string;
}
