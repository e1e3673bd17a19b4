import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { IsInt, IsUUID } from 'class-validator';
import { isVideoFormatId, Subjects, type AudioParams, type ListProjectsRequest, type Project, type UserProjectRequest, timingsKeyOf, userFolder } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { mediaKeyOf } from '../media/media-refs';
import { captionFilesOf } from '../captions/video-captions';
import { generationDatabase } from '../database';
import type { JobResult } from '../jobs/job.entity';
import { posterUrlOf } from '../posters/video-posters';
import { ProjectEntity } from './project.entity';

class ListProjectsDto implements ListProjectsRequest {
  @IsUUID()
  userId!: string;
}

class ProjectDto implements UserProjectRequest {
  @IsUUID() userId!: string;
  @IsInt({ message: 'No such project' }) projectId!: number;
}

/** How many history items a list returns at most (newest first). */
const HISTORY_LIMIT = 200;

@Controller()
export class ProjectsController {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  @MessagePattern(Subjects.generation.projectsList)
  async list(@Payload() request: ListProjectsDto): Promise<Project[]> {
    const projects = await this.em.find(ProjectEntity, { userId: request.userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_LIMIT });
    const results = await this.jobResults(projects.filter((project) => project.outputUrl).map((project) => project.jobId));
    return projects.map((project) => {
      // A finished video's poster and captions are its job's (beside its mp4).
      const result = project.outputUrl && project.jobId ? results.get(project.jobId) : undefined;
      const posterUrl = posterUrlOf(result);
      const captions = captionFilesOf(result);
      return {
        id: project.id,
        createdAt: project.createdAt.toISOString(),
        audioUrl: project.audioUrl ?? null,
        outputUrl: project.outputUrl ?? null,
        audioParams: (project.audioParams as AudioParams | null | undefined) ?? null,
        ...(isVideoFormatId(project.format) ? { format: project.format } : {}),
        ...(posterUrl ? { posterUrl } : {}),
        ...(captions ? { captions } : {}),
      };
    });
  }

  /** The results of these jobs, by id. */
  private async jobResults(jobIds: (string | null | undefined)[]): Promise<Map<string, JobResult | null>> {
    const ids = jobIds.filter((id): id is string => Boolean(id));
    if (!ids.length) return new Map();
    const rows = await generationDatabase(this.em).selectFrom('job').select(['id', 'result']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.result as JobResult | null]));
  }

  /** Deletes the caller's own history item and its media; another user's is "not found". */
  @MessagePattern(Subjects.generation.projectDelete)
  async delete(@Payload() request: ProjectDto): Promise<{ deleted: true }> {
    const project = await this.em.findOne(ProjectEntity, { id: request.projectId, userId: request.userId });
    if (!project) throw ServiceError.notFound('No such project');
    // The video's poster and captions go with it.
    const result = project.outputUrl && project.jobId ? (await this.jobResults([project.jobId])).get(project.jobId) : undefined;
    const besideVideo = [posterUrlOf(result), captionFilesOf(result)?.vttUrl, captionFilesOf(result)?.srtUrl];
    const keys = [project.audioUrl, project.outputUrl, ...besideVideo].map((url) => (url ? mediaKeyOf(url) : null)).filter((key): key is string => key?.startsWith(userFolder(request.userId)) ?? false);
    const audioKey = project.audioUrl ? mediaKeyOf(project.audioUrl) : null;
    if (audioKey) keys.push(timingsKeyOf(audioKey));
    await this.em.nativeDelete(ProjectEntity, { id: project.id });
    await Promise.all(keys.map((key) => this.storage.remove(key)));
    return { deleted: true };
  }
}
