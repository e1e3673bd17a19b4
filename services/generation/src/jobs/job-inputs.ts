import type { JobKind } from '@lipcast/contracts';
import type { ImageToVideoJobInput } from '../influencers/influencers.service';
import type { LipSyncJobInput } from '../lipsync/lipsync.service';
import type { OneShotInput } from '../pipeline/one-shot';

/** Where a job's own `video.succeeded`/`video.failed` webhook goes (the API's `webhook_url`), besides the user's endpoints. */
export interface WebhookTarget {
  webhookUrl?: string;
}

/** What each kind of job is given (its row's `input`); the submitter stores only these shapes. */
export interface JobInputs {
  lipsync: LipSyncJobInput & WebhookTarget;
  image_to_video: ImageToVideoJobInput & WebhookTarget;
  one_shot: OneShotInput & WebhookTarget;
}

/** The input of a job of any kind. */
export type JobInput = JobInputs[JobKind];
