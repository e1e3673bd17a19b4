import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { IsInt, IsUUID } from 'class-validator';
import { isVideoFormatId, Subjects, type AudioParams, type ListProjectsRequest, type Project, type UserProjectRequest, timingsKeyOf, userFolder } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { mediaKeyOf } from '../media/media-refs';
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
    return projects.map((project) => ({
      id: project.id,
      createdAt: project.createdAt.toISOString(),
      audioUrl: project.audioUrl ?? null,
      outputUrl: project.outputUrl ?? null,
      audioParams: (project.audioParams as AudioParams | null | undefined) ?? null,
      ...(isVideoFormatId(project.format) ? { format: project.format } : {}),
    }));
  }

  /** Deletes the caller's own history item and its media; another user's is "not found". */
  @MessagePattern(Subjects.generation.projectDelete)
  async delete(@Payload() request: ProjectDto): Promise<{ deleted: true }> {
    const project = await this.em.findOne(ProjectEntity, { id: request.projectId, userId: request.userId });
    if (!project) throw ServiceError.notFound('No such project');
    const keys = [project.audioUrl, project.outputUrl].map((url) => (url ? mediaKeyOf(url) : null)).filter((key): key is string => key?.startsWith(userFolder(request.userId)) ?? false);
    const audioKey = project.audioUrl ? mediaKeyOf(project.audioUrl) : null;
    if (audioKey) keys.push(timingsKeyOf(audioKey));
    await this.em.nativeDelete(ProjectEntity, { id: project.id });
    await Promise.all(keys.map((key) => this.storage.remove(key)));
    return { deleted: true };
  }
}
