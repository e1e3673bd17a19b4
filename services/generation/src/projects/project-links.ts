import type { EntityManager } from '@mikro-orm/postgresql';
import type { VideoFormatId } from '@lipcast/contracts';
import { generationDatabase } from '../database';

/** Ties the newest history item of this audio (still without a video) to the job making its video, in `format`. */
export async function linkProjectToJob(em: EntityManager, userId: string, audioUrl: string, jobId: string, format?: VideoFormatId): Promise<void> {
  await generationDatabase(em)
    .updateTable('project')
    .set({ jobId, format: format ?? null })
    .where('id', '=', (eb) =>
      eb.selectFrom('project').select('id').where('userId', '=', userId).where('audioUrl', '=', audioUrl).where('outputUrl', 'is', null).orderBy('createdAt', 'desc').limit(1),
    )
    .execute();
}

/** The job's video is done: its history item gets the video. */
export async function completeProjectOfJob(em: EntityManager, jobId: string, outputUrl: string): Promise<void> {
  await generationDatabase(em).updateTable('project').set({ outputUrl }).where('jobId', '=', jobId).execute();
}
