import { Body, Controller, Delete, Get, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Subjects, type Project } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { RenameProjectBodyDto } from '@lipcast/nest-kit/requests';
import { CurrentUserId } from '../auth/signed-in.guard';
import { StoredIdPipe } from '../http/stored-id.pipe';

/** The signed-in user's generation history (spec section 7, `GET /api/projects`). */
@ApiTags('generation')
@Controller('projects')
export class ProjectsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@CurrentUserId() userId: string): Promise<Project[]> {
    return this.services.send(Subjects.generation.projectsList, { userId });
  }

  /** Names one of the caller's own videos on /projects (issue 37, item 9); a blank name removes it. */
  @Patch(':id')
  rename(
    @CurrentUserId() userId: string,
    @Param('id', new StoredIdPipe('No such project')) projectId: number,
    @Body() body: RenameProjectBodyDto,
  ): Promise<Project> {
    return this.services.send(Subjects.generation.projectRename, { userId, projectId, title: body.title });
  }

  /** Deletes one of the caller's own history items with its audio and video. */
  @Delete(':id')
  delete(
    @CurrentUserId() userId: string,
    @Param('id', new StoredIdPipe('No such project')) projectId: number,
  ): Promise<{ deleted: true }> {
    return this.services.send(Subjects.generation.projectDelete, { userId, projectId });
  }
}
