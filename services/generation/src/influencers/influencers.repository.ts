import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { mediaUrl, communityImageKey, communityKey, communityProjectIdOf, COMMUNITY_VIDEO_PATTERN, DEFAULT_VIDEO_FORMAT, type InfluencerProject, type ModerationState, type ReportReason } from '@lipcast/contracts';
import type { CharacterLook } from '@lipcast/media-engine';
import { generationDatabase, GenerationRepository, now } from '../database';
import type { InfluencerProjectRecord } from './influencer-project.entity';

/** The project as its owner sees it (own media), or as the gallery shows it (the public copies). */
export function toInfluencerProject(row: InfluencerProjectRecord, callerId: string | null, view: 'own' | 'gallery' = 'own'): InfluencerProject {
  const video = view === 'gallery' ? communityKey(row.id, 'video-v1.mp4') : row.videoKey;
  const thumbnail = view === 'gallery' ? communityKey(row.id, 'thumbnail-v1.jpg') : row.thumbnailKey;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    // The gallery shows the public copy: the owner's own key would name them and answer 404 to visitors.
    imageUrl: mediaUrl(view === 'gallery' ? communityImageKey(row.id, row.imageKey) : row.imageKey),
    imageKind: row.imageKind,
    thumbnailUrl: row.videoKey && thumbnail ? mediaUrl(thumbnail) : null,
    outputUrl: row.videoKey && video ? mediaUrl(video) : null,
    duration: row.durationSeconds,
    // In the gallery: published by its owner, and moderation lets it show.
    isApproved: row.approved && row.moderation === 'visible',
    moderation: { state: row.moderation, reason: row.moderationReason, appealed: row.appealedAt !== null },
    name: row.name,
    isOwner: callerId === row.userId,
    // The gallery says each clip's format; Creator clips are all made as the portrait card.
    ...(view === 'gallery' ? { format: DEFAULT_VIDEO_FORMAT } : {}),
  };
}

const GALLERY_LIMIT = 200;
const REPORTED_LIMIT = 200;

/** A reported gallery item as operators see it. */
export interface ReportedInfluencer {
  projectId: number;
  ownerId: string;
  name: string | null;
  published: boolean;
  state: ModerationState;
  stateReason: string | null;
  /** The owner's clip (their own copy), so an operator can judge an item that is out of the gallery. */
  videoKey: string | null;
  reports: number;
  /** Reports since the last operator decision, in thirds of a full report. */
  weightThirds: number;
  reasons: string[];
  contacts: string[];
  lastReportedAt: Date;
  appeal: string | null;
  appealedAt: Date | null;
}

/** Whose report is this, and what does it weigh (in thirds: 3 established, 1 otherwise). */
export interface NewReport {
  projectId: number;
  reporter: string;
  reason: ReportReason;
  contact: string | null;
  weightThirds: number;
}

/** What a new project from a portrait starts with; its image key is known once it has an id. */
export interface NewInfluencerProject {
  userId: string;
  prompt: string;
  imageKind: InfluencerProjectRecord['imageKind'];
  look: CharacterLook | null;
}

/** Influencer projects in PostgreSQL, through the typed query builder. */
@Injectable()
export class InfluencersRepository extends GenerationRepository {
  async insert(project: NewInfluencerProject, imageKey: (id: number) => string): Promise<InfluencerProjectRecord> {
    const { userId, prompt, imageKind, look } = project;
    const inserted = await this.db.insertInto('influencer_project').values({ userId, prompt, imageKey: '', imageKind, look }).returning('id').executeTakeFirstOrThrow();
    return this.db
      .updateTable('influencer_project')
      .set({ imageKey: imageKey(inserted.id) })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A project whose media a job already made (One Shot), inserted in that job's commit. */
  insertMade(
    em: EntityManager,
    project: Pick<InfluencerProjectRecord, 'userId' | 'prompt' | 'imageKey' | 'imageKind' | 'look' | 'videoPrompt' | 'videoKey' | 'thumbnailKey' | 'durationSeconds' | 'jobId'>,
  ): Promise<InfluencerProjectRecord> {
    const { userId, prompt, imageKey, imageKind, look, videoPrompt, videoKey, thumbnailKey, durationSeconds, jobId } = project;
    return generationDatabase(em)
      .insertInto('influencer_project')
      .values({ userId, prompt, imageKey, imageKind, look, videoPrompt, videoKey, thumbnailKey, durationSeconds, jobId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(projectId: number): Promise<InfluencerProjectRecord | null> {
    return (await this.db.selectFrom('influencer_project').selectAll().where('id', '=', projectId).executeTakeFirst()) ?? null;
  }

  async findOwned(userId: string, projectId: number): Promise<InfluencerProjectRecord | null> {
    return (await this.db.selectFrom('influencer_project').selectAll().where('id', '=', projectId).where('userId', '=', userId).executeTakeFirst()) ?? null;
  }

  async findByImage(userId: string, imageKey: string): Promise<InfluencerProjectRecord | null> {
    const project = await this.db
      .selectFrom('influencer_project')
      .selectAll()
      .where('userId', '=', userId)
      .where('imageKey', '=', imageKey)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return project ?? null;
  }

  /** The project whose clip is stored under `videoKey` (its own copy), if any. */
  async findByVideo(videoKey: string): Promise<InfluencerProjectRecord | null> {
    return (await this.db.selectFrom('influencer_project').selectAll().where('videoKey', '=', videoKey).limit(1).executeTakeFirst()) ?? null;
  }

  /** The project `key` belongs to, as media a user feeds into a lip-sync: their own influencer's clip or portrait, or a gallery clip. */
  async findByMedia(userId: string, key: string): Promise<InfluencerProjectRecord | null> {
    const communityProjectId = COMMUNITY_VIDEO_PATTERN.test(key) ? communityProjectIdOf(key) : undefined;
    if (communityProjectId !== undefined) return this.find(communityProjectId);
    const project = await this.db
      .selectFrom('influencer_project')
      .selectAll()
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('videoKey', '=', key), eb('imageKey', '=', key)]))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return project ?? null;
  }

  /** Whether `key` is the portrait or clip of one of the user's influencers that an operator removed. */
  async isRemovedMedia(userId: string, key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('influencer_project')
      .select('id')
      .where('userId', '=', userId)
      .where('moderation', '=', 'removed')
      .where((eb) => eb.or([eb('videoKey', '=', key), eb('imageKey', '=', key)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  listOwned(userId: string): Promise<InfluencerProjectRecord[]> {
    return this.db.selectFrom('influencer_project').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  }

  /** Published projects with a clip that moderation leaves visible. */
  gallery(): Promise<InfluencerProjectRecord[]> {
    return this.db
      .selectFrom('influencer_project as p')
      .selectAll('p')
      .where('p.approved', '=', true)
      .where('p.moderation', '=', 'visible')
      .where('p.videoKey', 'is not', null)
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .limit(GALLERY_LIMIT)
      .execute();
  }

  /**
   * Records a report (the same reporter reporting the same project again changes nothing); answers
   * what the reports since the last operator decision weigh, in thirds. A decision answers every
   * report made before it, so only later ones can put the item in review again.
   */
  async report(report: NewReport): Promise<number> {
    const { projectId, reporter, reason, contact, weightThirds } = report;
    await this.db
      .insertInto('influencer_report')
      .values({ projectId, reporter, reason, contact, weightThirds, createdAt: now() })
      .onConflict((conflict) => conflict.columns(['projectId', 'reporter']).doNothing())
      .execute();
    const { weight } = await this.db
      .selectFrom('influencer_report as r')
      .innerJoin('influencer_project as p', 'p.id', 'r.projectId')
      .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('r.weightThirds'), eb.lit(0)), 'integer').as('weight'))
      .where('r.projectId', '=', projectId)
      .where(sinceLastDecision)
      .executeTakeFirstOrThrow();
    return weight;
  }

  /** Moves a visible project into review (a conditional update: of concurrent reports, one does it); null when it was not visible. */
  async putInReview(projectId: number, reason: string): Promise<InfluencerProjectRecord | null> {
    const row = await this.db
      .updateTable('influencer_project')
      .set({ moderation: 'in_review', moderationReason: reason, appeal: null, appealedAt: null })
      .where('id', '=', projectId)
      .where('moderation', '=', 'visible')
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** An operator's decision: the new state and its reason; restoring opens a new case (the appeal is spent only on the decision it answered). */
  async decide(projectId: number, state: Exclude<ModerationState, 'in_review'>, reason: string): Promise<InfluencerProjectRecord | null> {
    const row = await this.db
      .updateTable('influencer_project')
      .set({ moderation: state, moderationReason: reason, moderatedAt: now(), ...(state === 'visible' ? { appeal: null, appealedAt: null } : {}) })
      .where('id', '=', projectId)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** The owner's appeal, once: null when the project is not theirs, not held by moderation, or already appealed. */
  async appeal(userId: string, projectId: number, message: string): Promise<InfluencerProjectRecord | null> {
    const row = await this.db
      .updateTable('influencer_project')
      .set({ appeal: message, appealedAt: now() })
      .where('id', '=', projectId)
      .where('userId', '=', userId)
      .where('moderation', '<>', 'visible')
      .where('appealedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Reported projects for operators: those in review first, then appealed ones, then the most reported; with the reasons and contacts given. */
  reported(): Promise<ReportedInfluencer[]> {
    return this.db
      .selectFrom('influencer_report as r')
      .innerJoin('influencer_project as p', 'p.id', 'r.projectId')
      .select((eb) => [
        'p.id as projectId',
        'p.userId as ownerId',
        'p.name',
        'p.approved as published',
        'p.moderation as state',
        'p.moderationReason as stateReason',
        'p.videoKey',
        'p.appeal',
        'p.appealedAt',
        eb.cast<number>(eb.fn.count('r.id'), 'integer').as('reports'),
        eb.cast<number>(eb.fn.coalesce(eb.fn.sum(eb.case().when(sinceLastDecision).then(eb.ref('r.weightThirds')).else(0).end()), eb.lit(0)), 'integer').as('weightThirds'),
        eb.fn.agg<string[]>('array_agg', ['r.reason']).orderBy('r.createdAt').as('reasons'),
        eb.fn<string[]>('array_remove', [eb.fn.agg<(string | null)[]>('array_agg', ['r.contact']).orderBy('r.createdAt'), eb.lit(null)]).as('contacts'),
        eb.fn.max('r.createdAt').as('lastReportedAt'),
      ])
      .groupBy('p.id')
      .orderBy(sql`p.moderation = 'in_review'`, 'desc')
      .orderBy(sql`p.appealed_at is not null and p.moderation <> 'visible'`, 'desc')
      .orderBy((eb) => eb.fn.count('r.id'), 'desc')
      .orderBy((eb) => eb.fn.max('r.createdAt'), 'desc')
      .limit(REPORTED_LIMIT)
      .execute();
  }

  /** Which of these projects are published and visible (the rest have no business under `community/`). */
  async publishedAmong(projectIds: number[]): Promise<Set<number>> {
    if (projectIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('influencer_project')
      .select('id')
      .where('approved', '=', true)
      .where('moderation', '=', 'visible')
      .where('id', 'in', projectIds)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Changes a project (only the owner's, when `userId` is given; in a transaction, with its `em`); null when there is no such project. */
  async update(
    projectId: number,
    changes: Partial<Pick<InfluencerProjectRecord, 'videoPrompt' | 'videoKey' | 'thumbnailKey' | 'durationSeconds' | 'approved' | 'name' | 'consentedAt' | 'consentId' | 'jobId'>>,
    scope: { em?: EntityManager; userId?: string } = {},
  ): Promise<InfluencerProjectRecord | null> {
    let update = generationDatabase(scope.em ?? this.em).updateTable('influencer_project').set(changes).where('id', '=', projectId);
    if (scope.userId) update = update.where('userId', '=', scope.userId);
    return (await update.returningAll().executeTakeFirst()) ?? null;
  }

  async delete(projectId: number): Promise<void> {
    await this.db.deleteFrom('influencer_project').where('id', '=', projectId).execute();
  }
}

/** A report (`r`) made after its project's (`p`) last operator decision; every report, before the first. */
const sinceLastDecision = sql<boolean>`(p.moderated_at is null or r.created_at > p.moderated_at)`;
