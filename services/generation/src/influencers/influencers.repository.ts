import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { mediaUrl, communityImageKey, communityKey, type InfluencerProject } from '@lipcast/contracts';
import type { CharacterLook } from '../engine/characters/look';

export interface InfluencerRow {
  id: number;
  user_id: string;
  prompt: string;
  image_key: string;
  image_kind: InfluencerProject['imageKind'];
  look: CharacterLook | null;
  video_prompt: string | null;
  video_key: string | null;
  thumbnail_key: string | null;
  duration_seconds: number | null;
  approved: boolean;
  /** The name its owner published it under. */
  name: string | null;
  /** When its owner last consented to publishing it. */
  consented_at: Date | string | null;
  job_id: string | null;
  /** A string from raw queries. */
  created_at: Date | string;
}

/** The project as its owner sees it (own media), or as the gallery shows it (the public copies). */
export function toInfluencerProject(row: InfluencerRow, callerId: string | null, view: 'own' | 'gallery' = 'own'): InfluencerProject {
  const video = view === 'gallery' ? communityKey(row.id, 'video-v1.mp4') : row.video_key;
  const thumbnail = view === 'gallery' ? communityKey(row.id, 'thumbnail-v1.jpg') : row.thumbnail_key;
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    // The gallery shows the public copy: the owner's own key would name them and answer 404 to visitors.
    imageUrl: mediaUrl(view === 'gallery' ? communityImageKey(row.id, row.image_key) : row.image_key),
    imageKind: row.image_kind,
    thumbnailUrl: row.video_key && thumbnail ? mediaUrl(thumbnail) : null,
    outputUrl: row.video_key && video ? mediaUrl(video) : null,
    duration: row.duration_seconds,
    isApproved: row.approved,
    name: row.name,
    isOwner: callerId === row.user_id,
  };
}

const GALLERY_LIMIT = 200;

/** A reported gallery item as operators see it. */
export interface ReportedInfluencer {
  projectId: number;
  ownerId: string;
  name: string | null;
  published: boolean;
  reports: number;
  hidden: boolean;
  reasons: string[];
  contacts: string[];
  lastReportedAt: Date;
}

/** Influencer projects in PostgreSQL (plain SQL, like jobs). */
@Injectable()
export class InfluencersRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(row: Pick<InfluencerRow, 'user_id' | 'prompt' | 'image_kind' | 'look'>, imageKey: (id: number) => string): Promise<InfluencerRow> {
    const [inserted] = await this.em.execute<{ id: number }[]>(
      `insert into generation.influencer_project (user_id, prompt, image_key, image_kind, look) values (?, ?, '', ?, ?) returning id`,
      [row.user_id, row.prompt, row.image_kind, row.look ? JSON.stringify(row.look) : null],
    );
    const [project] = await this.em.execute<InfluencerRow[]>('update generation.influencer_project set image_key = ? where id = ? returning *', [imageKey(inserted.id), inserted.id]);
    return project;
  }

  /** A project whose media a job already made (One Shot), inserted in that job's commit. */
  async insertMade(
    em: EntityManager,
    row: Pick<InfluencerRow, 'user_id' | 'prompt' | 'image_key' | 'image_kind' | 'look' | 'video_prompt' | 'video_key' | 'thumbnail_key' | 'duration_seconds' | 'job_id'>,
  ): Promise<InfluencerRow> {
    const [project] = await em.execute<InfluencerRow[]>(
      `insert into generation.influencer_project (user_id, prompt, image_key, image_kind, look, video_prompt, video_key, thumbnail_key, duration_seconds, job_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [row.user_id, row.prompt, row.image_key, row.image_kind, row.look ? JSON.stringify(row.look) : null, row.video_prompt, row.video_key, row.thumbnail_key, row.duration_seconds, row.job_id],
    );
    return project;
  }

  async find(projectId: number): Promise<InfluencerRow | null> {
    const [row] = await this.em.execute<InfluencerRow[]>('select * from generation.influencer_project where id = ?', [projectId]);
    return row ?? null;
  }

  async findOwned(userId: string, projectId: number): Promise<InfluencerRow | null> {
    const [row] = await this.em.execute<InfluencerRow[]>('select * from generation.influencer_project where id = ? and user_id = ?', [projectId, userId]);
    return row ?? null;
  }

  async findByImage(userId: string, imageKey: string): Promise<InfluencerRow | null> {
    const [row] = await this.em.execute<InfluencerRow[]>('select * from generation.influencer_project where user_id = ? and image_key = ? order by id desc limit 1', [userId, imageKey]);
    return row ?? null;
  }

  listOwned(userId: string): Promise<InfluencerRow[]> {
    return this.em.execute<InfluencerRow[]>('select * from generation.influencer_project where user_id = ? order by created_at desc, id desc', [userId]);
  }

  /** Published projects with a clip, without those reported by `hideAt` people or more. */
  gallery(hideAt: number): Promise<InfluencerRow[]> {
    return this.em.execute<InfluencerRow[]>(
      `select * from generation.influencer_project p where approved and video_key is not null
       and (select count(*) from generation.influencer_report r where r.project_id = p.id) < ?
       order by created_at desc, id desc limit ${GALLERY_LIMIT}`,
      [hideAt],
    );
  }

  /** Records a report (the same reporter reporting the same project again changes nothing); answers how many reporters the project now has. */
  async report(report: { projectId: number; reporter: string; reason: string; contact: string | null }): Promise<number> {
    await this.em.execute(
      'insert into generation.influencer_report (project_id, reporter, reason, contact) values (?, ?, ?, ?) on conflict (project_id, reporter) do nothing',
      [report.projectId, report.reporter, report.reason, report.contact],
    );
    const [{ reports }] = await this.em.execute<{ reports: number }[]>('select count(*)::int as reports from generation.influencer_report where project_id = ?', [report.projectId]);
    return reports;
  }

  /** Reported projects for operators, most reported first: who made it, whether it is hidden, the reasons and contacts given. */
  reported(hideAt: number): Promise<ReportedInfluencer[]> {
    return this.em.execute<ReportedInfluencer[]>(
      `select p.id as "projectId", p.user_id as "ownerId", p.name, p.approved as published, count(r.id)::int as reports,
         count(r.id) >= ? as hidden, array_agg(r.reason order by r.created_at) as reasons,
         array_remove(array_agg(r.contact order by r.created_at), null) as contacts, max(r.created_at) as "lastReportedAt"
       from generation.influencer_report r join generation.influencer_project p on p.id = r.project_id
       group by p.id order by count(r.id) desc, max(r.created_at) desc limit 200`,
      [hideAt],
    );
  }

  /** Which of these projects are published (the rest have no business under `community/`). */
  async publishedAmong(projectIds: number[]): Promise<Set<number>> {
    if (projectIds.length === 0) return new Set();
    const rows = await this.em.execute<{ id: number }[]>('select id from generation.influencer_project where approved and id = any(?::int[])', [`{${projectIds.join(',')}}`]);
    return new Set(rows.map((row) => row.id));
  }

  /** Changes a project (only the owner's, when `userId` is given; in a transaction, with its `em`); null when there is no such project. */
  async update(
    projectId: number,
    changes: Partial<Pick<InfluencerRow, 'video_prompt' | 'video_key' | 'thumbnail_key' | 'duration_seconds' | 'approved' | 'name' | 'consented_at' | 'job_id'>>,
    scope: { em?: EntityManager; userId?: string } = {},
  ): Promise<InfluencerRow | null> {
    const columns = Object.keys(changes);
    const [row] = await (scope.em ?? this.em).execute<InfluencerRow[]>(
      `update generation.influencer_project set ${columns.map((column) => `"${column}" = ?`).join(', ')} where id = ?${scope.userId ? ' and user_id = ?' : ''} returning *`,
      [...Object.values(changes), projectId, ...(scope.userId ? [scope.userId] : [])],
    );
    return row ?? null;
  }

  async delete(projectId: number): Promise<void> {
    await this.em.execute('delete from generation.influencer_project where id = ?', [projectId]);
  }
}
