import type { AudioParams, CaptionsChoice, JobKind, SentenceChange, VideoFormatId } from '@lipcast/contracts';

/** What a lip-sync job is given: object keys only (never a URL to fetch). */
export interface LipSyncJobInput {
  videoKey: string;
  audioKey: string;
  actorId?: string;
  /** A public API video (videos/): the job first speaks this into `audioKey`, then lip-syncs to it. */
  speech?: AudioParams;
  /** The video's format (contracts' `VIDEO_FORMATS`); absent: the portrait card. */
  format?: VideoFormatId;
  /** Captions burned in, in this style; absent or `none`: not burned in (the captions files are made either way). */
  captions?: CaptionsChoice;
  /** The consent recorded for the face it animates (the creator's own actor): the video points to it. */
  consentId?: string;
  /** The consent recorded for the voice it speaks (the creator's own recording): the video points to it. */
  voiceConsentId?: string;
  /** A fix of one sentence of a finished video (revisions/): the job makes the new version into `audioKey`'s speech. */
  revision?: RevisionOf;
  /** The take (contracts' `TAKE_SEED_MAX`): absent, the first; another seed blinks and moves otherwise ("Generate Again"). */
  seed?: number;
}

/** What a fix of one sentence edits and what it changes to. */
export interface RevisionOf {
  /** The job of the video's first version (a public API video's id). */
  rootJobId: string;
  /** The job of the version it edits, and that version's script, video and speech (with its timings). */
  fromJobId: string;
  fromScript: string;
  fromVideoKey: string;
  fromAudioKey: string;
  /** The version it makes. */
  version: number;
  sentence: SentenceChange;
  /** The whole new script in the video's voice (`text`); only `sentence.after` is spoken. */
  speech: AudioParams;
}

/** What an image-to-video job is given. */
export interface ImageToVideoJobInput {
  projectId: number;
  imageKey: string;
  prompt: string;
  durationSeconds: number;
}

/** What a One Shot run is given. */
export interface OneShotInput {
  description: string;
  gender: 'male' | 'female';
  topic: string;
  /** The script the creator read and edited before starting; without it the run writes one from the topic. */
  script?: string;
  /** The video's format (contracts' `VIDEO_FORMATS`); absent: the portrait card. */
  format?: VideoFormatId;
  /** Captions burned in, in this style; absent: not burned in (the captions files are made either way). */
  captions?: CaptionsChoice;
}

/** Where a job's own `video.succeeded`/`video.failed` webhook goes (the API's `webhook_url`), besides the user's endpoints. */
export interface WebhookTarget {
  webhookUrl?: string;
}

/**
 * What each kind of job is given (its row's `input`); the submitter stores only these shapes. They
 * belong to the jobs' contract (the features that submit and run a kind both read them here).
 */
export interface JobInputs {
  lipsync: LipSyncJobInput & WebhookTarget;
  image_to_video: ImageToVideoJobInput & WebhookTarget;
  one_shot: OneShotInput & WebhookTarget;
}

/** The input of a job of any kind. */
export type JobInput = JobInputs[JobKind];
