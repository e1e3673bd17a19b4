import type { JobKind } from '@lipcast/contracts';
import type { ImageToVideoJobInput } from '../influencers/influencers.service';
import type { LipSyncJobInput } from '../lipsync/lipsync.service';
import type { OneShotInput } from '../pipeline/one-shot';

/** What each kind of job is given (its row's `input`); the submitter stores only these shapes. */
export interface JobInputs {
  lipsync: LipSyncJobInput;
  image_to_video: ImageToVideoJobInput;
  one_shot: OneShotInput;
}

/** The input of a job of any kind. */
export type JobInput = JobInputs[JobKind];
