import type { EntityManager } from '@mikro-orm/postgresql';

/** Ties the newest history item of this audio (still without a video) to the job making its video. */
export async function linkProjectToJob(em: EntityManager, userId: string, audioUrl: string, jobId: string): Promise<void> {
  await em.execute(
    `update generation.project set job_id = ? where id = (
       select id from generation.project where user_id = ? and audio_url = ? and output_url is null order by created_at desc limit 1)`,
    [jobId, userId, audioUrl],
  );
}

/** The job's video is done: its history item gets the video. */
export async function completeProjectOfJob(em: EntityManager, jobId: string, outputUrl: string): Promise<void> {
  await em.execute('update generation.project set output_url = ? where job_id = ?', [outputUrl, jobId]);
}
