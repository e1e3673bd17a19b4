import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { mediaUrl } from '@lipcast/contracts';
import { GenerationRepository, generationDatabase } from '../database';
import type { JobResult, StoredJobStatus } from '../jobs/job.entity';
import type { VideoRevisionRecord } from './video-revision.entity';

/** A fix with the state of its job. */
export interface RevisionRow extends VideoRevisionRecord {
  status: StoredJobStatus;
  progress: number;
  result: JobResult | null;
  error: string | null;
}

export type NewRevision = Omit<VideoRevisionRecord, 'createdAt'>;

/** The fixes of videos (`video_revision`), each read with its job. */
@Injectable()
export class RevisionsRepository extends GenerationRepository {
  async insert(revision: NewRevision): Promise<void> {
    await this.db.insertInto('video_revision').values(revision).execute();
  }

  /** A video's fixes, oldest first. */
  async listOf(userId: string, rootJobId: string): Promise<RevisionRow[]> {
    const rows = await this.db
      .selectFrom('video_revision as r')
      .innerJoin('job as j', 'j.id', 'r.jobId')
      .selectAll('r')
      .select(['j.status', 'j.progress', 'j.result', 'j.error'])
      .where('r.userId', '=', userId)
      .where('r.rootJobId', '=', rootJobId)
      .orderBy('r.version')
      .orderBy('r.createdAt')
      .execute();
    return rows as RevisionRow[];
  }

  /**
   * The new version replaces the old wherever the old was shown, in the transaction that marks its
   * job succeeded: the public API video follows its job, the history item shows its video, speech and script.
   */
  async publish(fromJobId: string, jobId: string, output: { videoKey: string; audioKey: string; audioParams: Record<string, unknown> }, em: EntityManager): Promise<void> {
    const db = generationDatabase(em);
    await db
      .updateTable('video')
      .set({ jobId })
      .where((eb) => eb(eb.fn.coalesce('jobId', 'id'), '=', fromJobId))
      .execute();
    await db
      .updateTable('project')
      .set({ jobId, outputUrl: mediaUrl(output.videoKey), audioUrl: mediaUrl(output.audioKey), audioParams: output.audioParams })
      .where('jobId', '=', fromJobId)
      .execute();
  }

  /** A video's fixes go (the video was deleted); answers their jobs, whose folders go with them. */
  async deleteOf(rootJobId: string): Promise<string[]> {
    const rows = await this.db.deleteFrom('video_revision').where('rootJobId', '=', rootJobId).returning('jobId').execute();
    return rows.map((row) => row.jobId);
  }
}
