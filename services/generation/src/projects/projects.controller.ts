import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { IsUUID } from 'class-validator';
import { Subjects, type AudioParams, type ListProjectsRequest, type Project } from '@lipcast/contracts';
import { ProjectEntity } from './project.entity';

class ListProjectsDto implements ListProjectsRequest {
  @IsUUID()
  userId!: string;
}

/** How many history items a list returns at most (newest first). */
const HISTORY_LIMIT = 200;

@Controller()
export class ProjectsController {
  constructor(private readonly em: EntityManager) {}

  @MessagePattern(Subjects.generation.projectsList)
  async list(@Payload() request: ListProjectsDto): Promise<Project[]> {
    const projects = await this.em.find(ProjectEntity, { userId: request.userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_LIMIT });
    return projects.map((project) => ({
      id: project.id,
      createdAt: project.createdAt.toISOString(),
      audioUrl: project.audioUrl ?? null,
      outputUrl: project.outputUrl ?? null,
      audioParams: (project.audioParams as AudioParams | null | undefined) ?? null,
    }));
  }
}
