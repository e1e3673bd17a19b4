import { defineEntity, p } from '@mikro-orm/core';
import { JOB_KINDS } from '@lipcast/contracts';

/**
 * The moving real-time factor of one kind of job at one provider in one format (seconds of work per
 * second of video, and the moving length of the videos made), updated as each job succeeds; the ETA
 * shown to users starts from it (`job-estimates.ts`). A few rows; kept across restarts.
 */
export const RealTimeFactorEntity = defineEntity({
  name: 'RealTimeFactor',
  tableName: 'real_time_factor',
  properties: {
    kind: p.enum(JOB_KINDS).primary(),
    provider: p.string().length(50).primary(),
    format: p.string().length(50).primary(),
    factor: p.float(),
    outputSeconds: p.float(),
    samples: p.integer(),
    updatedAt: p.datetime(),
  },
});
