import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { VideoFormatId } from '@lipcast/contracts';
import { generationDatabase, GenerationRepository } from '../database';
import { ProjectEntity, type Project } from './project.entity';

/** A new history item: its audio, and its video when a job already made it (One Shot). */
export type NewProject = Pick<Project, 'userId' | 'audioUrl' | 'outputUrl' | 'audioParams' | 'jobId'> & Partial<Pick<Project, 'format'>>;

/** History items (`project`): the audio made for a video and, once done, the video. */
@Injectable()
export class ProjectsRepository extends GenerationRepository {
  /** Inserts the item; in a job's commit, `em` is that transaction's. */
  async insert(project: NewProject, em: EntityManager = this.em): Promise<void> {
    await em.insert(ProjectEntity, { ...project, createdAt: new Date() });
  }

  /** The user's items, newest first, at most `limit`. */
  listOf(userId: string, limit: number): Promise<Project[]> {
    return this.em.find(ProjectEntity, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  findOwned(userId: string, projectId: number): Promise<Project | null> {
    return this.em.findOne(ProjectEntity, { id: projectId, userId });
  }

  /** The user's history item whose video this job makes (or made). */
  findByJob(userId: string, jobId: string): Promise<Project | null> {
    return this.em.findOne(ProjectEntity, { jobId, userId });
  }

  /** Names the user's item (null: no name). */
  async rename(userId: string, projectId: number, title: string | null): Promise<void> {
    await this.db.updateTable('project').set({ title }).where('id', '=', projectId).where('userId', '=', userId).execute();
  }

  async delete(projectId: number): Promise<void> {
    await this.db.deleteFrom('project').where('id', '=', projectId).execute();
  }

  /**
   * Ties the history item of this audio to the job making its video, in `format`: the newest item
   * still free (no job yet, or one that ended without a video: a retry); otherwise another take or
   * format of a video already made or under way gets an item of its own, with the same speech.
   */
  async linkToJob(userId: string, audioUrl: string, jobId: string, format?: VideoFormatId): Promise<void> {
    const ofAudio = this.db.selectFrom('project').where('userId', '=', userId).where('audioUrl', '=', audioUrl).orderBy('createdAt', 'desc').orderBy('id', 'desc');
    const free = await ofAudio
      .select('id')
      .where('outputUrl', 'is', null)
      .where((eb) => eb.or([eb('jobId', 'is', null), eb('jobId', 'in', eb.selectFrom('job').select('job.id').where('job.status', 'in', ['failed', 'canceled']))]))
      .executeTakeFirst();
    if (free) {
      await this.db.updateTable('project').set({ jobId, format: format ?? null }).where('id', '=', free.id).execute();
      return;
    }
    const newest = await ofAudio.select('audioParams').executeTakeFirst();
    // An audio with no item (the public API's) has no history to add to.
    if (newest) await this.insert({ userId, audioUrl, audioParams: newest.audioParams, outputUrl: null, jobId, format: format ?? null });
  }

  /** The job's video is done: its history item gets the video, in the job's commit (`em`). */
  async setOutputOfJob(jobId: string, outputUrl: string, em: EntityManager): Promise<void> {
    await generationDatabase(em).updateTable('project').set({ outputUrl }).where('jobId', '=', jobId).execute();
  }
}
