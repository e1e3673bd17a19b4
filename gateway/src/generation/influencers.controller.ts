import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Subjects, type PipelineRequest, type InfluencerImageRequest, type InfluencerImageResponse, type InfluencerProject, type InfluencerVideoRequest, type JobState } from '@lipcast/contracts';
import { ServiceClient, ServiceError, StorageService } from '@lipcast/nest-kit';
import { CurrentUserId, OptionalUserId, Public } from '../auth/signed-in.guard';
import { decodeImageUpload } from '../media/image-upload';
import { JOB_ID, jobAnswer } from './generation.controller';
import { prefersAsync, waitForJob } from './job-events';

/** How long `POST /api/ai-influencer/video` holds the request (the client's own time-out is 120 s) before answering 202. */
export const VIDEO_WAIT_MS = 100_000;
/** The route whose JSON body may carry an uploaded picture (up to 10 MB, base64). */
export const INFLUENCER_VIDEO_PATH = '/api/ai-influencer/video';

const PROJECT_ID = new ParseIntPipe({ exceptionFactory: () => ServiceError.notFound('No such influencer project') });
type VideoBody = Omit<InfluencerVideoRequest, 'projectId'>;

/** The AI Influencer Creator's calls (spec section 7); the generation service validates and owns the rules. */
@ApiTags('influencers')
@Controller('ai-influencer')
export class InfluencersController {
  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
  ) {}

  /** Free, but limited: each portrait costs real compute. */
  @Post('image')
  @HttpCode(200)
  @Throttle({ api: { limit: 30, ttl: 60_000 } })
  image(@CurrentUserId() userId: string, @Body() body: InfluencerImageRequest): Promise<InfluencerImageResponse> {
    return this.services.send<InfluencerImageResponse>(Subjects.generation.influencerImageCreate, { ...body, userId }, 60_000);
  }

  @Post('video')
  @HttpCode(200)
  @ApiOperation({ summary: "The portrait's 20 s clip (one generation): 200 {url, predictionId} when done, 202 {predictionId} while running" })
  async video(
    @CurrentUserId() userId: string,
    @Body() body: VideoBody,
    @Query('projectId') projectId?: string,
    @Headers('prefer') prefer?: string,
  ): Promise<{ url: string; predictionId: string }> {
    const image = typeof body.image === 'string' && body.image.startsWith('data:') ? await this.storeUpload(userId, body.image) : body.image;
    const request = { ...body, image, userId, ...(projectId !== undefined ? { projectId: Number(projectId) } : {}) };
    const started = await this.services.send<JobState>(Subjects.generation.influencerVideoStart, request);
    // `Prefer: respond-async` answers at once, so the page follows /api/jobs/{id}/events.
    return jobAnswer(prefersAsync(prefer) ? started : await waitForJob(this.services, userId, started.id, VIDEO_WAIT_MS));
  }

  /** An uploaded picture goes straight to the object store (not over NATS), as the user's own media. */
  private async storeUpload(userId: string, dataUrl: string): Promise<string> {
    const upload = decodeImageUpload(dataUrl);
    const key = `users/${userId}/uploads/${randomUUID()}.${upload.extension}`;
    await this.storage.put(key, upload.bytes, upload.contentType);
    return `/api/media/${key}`;
  }

  @Get('projects')
  list(@CurrentUserId() userId: string): Promise<InfluencerProject[]> {
    return this.services.send<InfluencerProject[]>(Subjects.generation.influencersList, { userId });
  }

  @Get('projects/:id')
  get(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number): Promise<InfluencerProject> {
    return this.services.send<InfluencerProject>(Subjects.generation.influencerGet, { userId, projectId });
  }

  @Post('projects/:id/approve')
  @HttpCode(200)
  approve(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number, @Body() body: { approved?: boolean }): Promise<InfluencerProject> {
    return this.services.send<InfluencerProject>(Subjects.generation.influencerApprove, { userId, projectId, approved: body.approved ?? true });
  }

  @Delete('projects/:id')
  delete(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number): Promise<{ deleted: true }> {
    return this.services.send<{ deleted: true }>(Subjects.generation.influencerDelete, { userId, projectId });
  }

  /** One Shot: starts a run (one generation for all its steps) and answers its state at once; progress comes on `/api/jobs/{id}/events`. */
  @Post('pipeline')
  @HttpCode(200)
  pipeline(@CurrentUserId() userId: string, @Body() body: PipelineRequest): Promise<JobState> {
    return this.services.send<JobState>(Subjects.generation.pipelineStart, { ...body, userId });
  }

  /** The caller's run still in progress, so the page can resume it after a reload. */
  @Get('pipeline/current')
  async currentPipeline(@CurrentUserId() userId: string): Promise<{ run: JobState | null }> {
    return { run: await this.services.send<JobState | null>(Subjects.generation.pipelineCurrent, { userId }) };
  }

  @Get('pipeline/:id')
  pipelineRun(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<JobState> {
    return this.services.send<JobState>(Subjects.generation.jobGet, { userId, jobId });
  }

  /** Approved influencers with a clip, for everyone; `isOwner` marks the caller's own. */
  @Public()
  @Get('gallery')
  gallery(@OptionalUserId() userId: string | null): Promise<InfluencerProject[]> {
    return this.services.send<InfluencerProject[]>(Subjects.generation.galleryList, { userId });
  }
}
