import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsInt } from 'class-validator';
import { isVideoFormatId, jobFolder, mediaKeyOf, Subjects, type AudioParams, type Project, type UserProjectRequest, timingsKeyOf, userFolder } from '@lipcast/contracts';
import { Handles, ServiceError, StorageService } from '@lipcast/nest-kit';
import { RenameProjectDto } from '@lipcast/nest-kit/requests';
import { captionFilesOf, posterUrlOf } from '../jobs/job-result';
import type { JobResult } from '../jobs/job.entity';
import type { Project as ProjectRow } from './project.entity';
import { JobsRepository } from '../jobs/jobs.repository';
import { UserDto } from '../user.dto';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { ProjectsRepository } from './projects.repository';

class ProjectDto extends UserDto implements UserProjectRequest {
  @IsInt({ message: 'No such project' }) projectId!: number;
}

/** How many history items a list returns at most (newest first). */
const HISTORY_LIMIT = 200;

/** A history item as the list shows it: a finished video's poster and captions are its job's (beside its mp4). */
function listed(project: ProjectRow, result: JobResult | null | undefined): Project {
  const posterUrl = posterUrlOf(result);
  const captions = captionFilesOf(result);
  return {
    id: project.id,
    createdAt: project.createdAt.toISOString(),
    audioUrl: project.audioUrl ?? null,
    outputUrl: project.outputUrl ?? null,
    audioParams: (project.audioParams as AudioParams | null | undefined) ?? null,
    title: project.title ?? null,
    ...(isVideoFormatId(project.format) ? { format: project.format } : {}),
    ...(posterUrl ? { posterUrl } : {}),
    ...(captions ? { captions } : {}),
  };
}

@Controller()
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly jobs: JobsRepository,
    private readonly storage: StorageService,
    private readonly revisions: RevisionsRepository,
  ) {}

  @Handles(Subjects.generation.projectsList)
  async list(@Payload() request: UserDto): Promise<Project[]> {
    const projects = await this.projects.listOf(request.userId, HISTORY_LIMIT);
    const results = await this.jobs.resultsOf(projects.filter((project) => project.outputUrl).map((project) => project.jobId));
    return projects.map((project) => listed(project, project.outputUrl && project.jobId ? results.get(project.jobId) : undefined));
  }

  /** Names the caller's own video (issue 37, item 9); a blank name removes it. Answers the item as listed. */
  @Handles(Subjects.generation.projectRename)
  async rename(@Payload() request: RenameProjectDto): Promise<Project> {
    const project = await this.projects.findOwned(request.userId, request.projectId);
    if (!project) throw ServiceError.notFound('No such project');
    const title = request.title.trim() || null;
    await this.projects.rename(request.userId, project.id, title);
    const result = project.outputUrl && project.jobId ? (await this.jobs.resultsOf([project.jobId])).get(project.jobId) : undefined;
    return listed({ ...project, title }, result);
  }

  /** Deletes the caller's own history item and its media; another user's is "not found". */
  @Handles(Subjects.generation.projectDelete)
  async delete(@Payload() request: ProjectDto): Promise<{ deleted: true }> {
    const project = await this.projects.findOwned(request.userId, request.projectId);
    if (!project) throw ServiceError.notFound('No such project');
    // The video's poster and captions go with it.
    const result = project.outputUrl && project.jobId ? (await this.jobs.resultsOf([project.jobId])).get(project.jobId) : undefined;
    const besideVideo = [posterUrlOf(result), captionFilesOf(result)?.vttUrl, captionFilesOf(result)?.srtUrl];
    const keys = [project.audioUrl, project.outputUrl, ...besideVideo].map((url) => (url ? mediaKeyOf(url) : null)).filter((key): key is string => key?.startsWith(userFolder(request.userId)) ?? false);
    const audioKey = project.audioUrl ? mediaKeyOf(project.audioUrl) : null;
    if (audioKey) keys.push(timingsKeyOf(audioKey));
    await this.projects.delete(project.id);
    await Promise.all(keys.map((key) => this.storage.remove(key)));
    if (project.jobId) await this.removeOtherVersions(request.userId, project.jobId);
    return { deleted: true };
  }

  /** A fixed video's other versions go with its history item: each fix's folder, and the first version's folder and speech. */
  private async removeOtherVersions(userId: string, jobId: string): Promise<void> {
    const job = await this.jobs.findOwned(userId, jobId);
    if (job?.kind !== 'lipsync') return;
    const rootJobId = job.input.revision?.rootJobId ?? jobId;
    for (const fixJobId of await this.revisions.deleteOf(rootJobId)) await this.storage.removeFolder(jobFolder(userId, fixJobId));
    if (rootJobId === jobId) return;
    const root = await this.jobs.findOwned(userId, rootJobId);
    await this.storage.removeFolder(jobFolder(userId, rootJobId));
    if (root?.kind === 'lipsync') await Promise.all([this.storage.remove(root.input.audioKey), this.storage.remove(timingsKeyOf(root.input.audioKey))]);
  }
}
