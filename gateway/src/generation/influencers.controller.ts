import { createHash } from 'node:crypto';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { normalizeIp, Throttle } from '@nestjs/throttler';
import { CREATOR_CLIP_SECONDS, ESTABLISHED_ACCOUNT_AGE_MS, GENERATION_REPLY_TIMEOUT_MS, JOB_START_REPLY_TIMEOUT_MS, Subjects, type FaceCheckAnswer, type InfluencerImageResponse, type InfluencerProject, type InfluencerVideoRequest, type JobState, mediaUrl, uploadKey } from '@lipcast/contracts';
import { ServiceClient, StorageService } from '@lipcast/nest-kit';
import {
  AppealInfluencerDto, ApproveInfluencerDto, InfluencerImageDto, InfluencerVideoDto, PipelineRequestDto, PublishInfluencerDto, ReportInfluencerDto,
} from '@lipcast/nest-kit/requests';
import { CurrentUserId, OptionalUserId, Public } from '../auth/signed-in.guard';
import { Draining } from '../http/draining';
import { PreviewRoute } from '../http/preview-rate-limit';
import { decodeImageUpload } from '../media/image-upload';
import { GatewaySettings } from '../settings';
import { CheckImageDto } from './influencers.dto';
import { answerLongJob, JOB_ID, sendJobAnswer, type JobHolding } from './jobs';
import { OpenStreams } from './open-streams';
import { StoredIdPipe } from '../http/stored-id.pipe';

/** The route whose JSON body may carry an uploaded picture (up to 10 MB, base64). */
export const INFLUENCER_VIDEO_PATH = '/api/ai-influencer/video';
/** The Creator's check of a chosen picture: its body is the same data: URL. */
export const CHECK_IMAGE_PATH = '/api/ai-influencer/check-image';

const PROJECT_ID = new StoredIdPipe('No such influencer project');
const GALLERY_ITEM_ID = new StoredIdPipe('No such influencer in the gallery');

/** The AI Influencer Creator's calls (spec section 7); the generation service validates and owns the rules. */
@ApiTags('influencers')
@Controller('ai-influencer')
export class InfluencersController {
  private readonly holding: JobHolding;

  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
    private readonly settings: GatewaySettings,
    openStreams: OpenStreams,
    draining: Draining,
  ) {
    this.holding = { services, openStreams, draining };
  }

  /** Free, but limited (`PREVIEW_RATE_LIMIT_PER_MINUTE` per user): each portrait costs real compute. */
  @Post('image')
  @HttpCode(200)
  @PreviewRoute()
  image(@CurrentUserId() userId: string, @Body() body: InfluencerImageDto): Promise<InfluencerImageResponse> {
    return this.services.send(Subjects.generation.influencerImageCreate, { ...body, userId }, GENERATION_REPLY_TIMEOUT_MS);
  }

  /**
   * The check before charging, as soon as a picture is chosen (issue 23): the same limits as an
   * upload (bytes, type, pixel size), then the generation service's face check. The picture is held
   * in the user's uploads only while it is checked (NATS messages are far smaller than a picture) and
   * removed after the answer (the hourly upload sweep catches what this misses). Free, but limited
   * (`PREVIEW_RATE_LIMIT_PER_MINUTE` per user): each check costs real compute.
   */
  @Post('check-image')
  @HttpCode(200)
  @PreviewRoute()
  @ApiOperation({ summary: 'Checks a chosen picture for one clearly visible face: {ok: true}, or {ok: false, reason, message}; nothing is charged or kept' })
  async checkImage(@CurrentUserId() userId: string, @Body() body: CheckImageDto): Promise<FaceCheckAnswer> {
    const upload = decodeImageUpload(body.image);
    const key = uploadKey(userId, upload.extension);
    await this.storage.put(key, upload.bytes, upload.contentType);
    try {
      return await this.services.send(Subjects.generation.facesCheck, { userId, key }, GENERATION_REPLY_TIMEOUT_MS);
    } finally {
      await this.storage.remove(key).catch(() => undefined);
    }
  }

  @Post('video')
  @HttpCode(200)
  @ApiOperation({ summary: `The portrait's ${CREATOR_CLIP_SECONDS} s silent clip (a free preview: one of the day's image previews, 429 when they are spent; no generation): 200 {url, predictionId} when done, 202 {predictionId} while running` })
  async video(
    @CurrentUserId() userId: string,
    @Body() body: InfluencerVideoDto,
    @Res() response: Response,
    @Query('projectId') projectId?: string,
    @Headers('prefer') prefer?: string,
  ): Promise<void> {
    const request = { ...body, userId, ...(projectId !== undefined ? { projectId: Number(projectId) } : {}) };
    const start = () =>
      typeof body.image === 'string' && body.image.startsWith('data:')
        ? this.startFromUpload(request, body.image)
        : this.services.send(Subjects.generation.influencerVideoStart, request, JOB_START_REPLY_TIMEOUT_MS);
    sendJobAnswer(response, await answerLongJob(this.holding, { userId, start, holdMs: this.settings.INFLUENCER_VIDEO_HOLD_MS, prefer }));
  }

  /**
   * A clip of an uploaded picture. Nothing is stored until everything that can be checked first has
   * been: the picture here (bytes, type, pixel size from its header), then the request and the user's
   * standing by the generation service (room in their storage). The picture then
   * goes straight to the object store (not over NATS) as the user's own media, and is removed again
   * if the clip does not start, whatever the reason (the hourly sweep catches what this misses).
   */
  private async startFromUpload(request: InfluencerVideoRequest & { userId: string }, dataUrl: string): Promise<JobState> {
    const upload = decodeImageUpload(dataUrl);
    await this.services.send(Subjects.generation.uploadCheck, { userId: request.userId, bytes: upload.bytes.length, prompt: request.prompt, projectId: request.projectId });
    const key = uploadKey(request.userId, upload.extension);
    await this.storage.put(key, upload.bytes, upload.contentType);
    try {
      return await this.services.send(Subjects.generation.influencerVideoStart, { ...request, image: mediaUrl(key) }, JOB_START_REPLY_TIMEOUT_MS);
    } catch (error) {
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
  }

  @Get('projects')
  list(@CurrentUserId() userId: string): Promise<InfluencerProject[]> {
    return this.services.send(Subjects.generation.influencersList, { userId });
  }

  @Get('projects/:id')
  get(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number): Promise<InfluencerProject> {
    return this.services.send(Subjects.generation.influencerGet, { userId, projectId });
  }

  /** The spec's route; publishing through it needs the same consent and name as `publish`. */
  @Post('projects/:id/approve')
  @HttpCode(200)
  approve(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number, @Body() body: ApproveInfluencerDto): Promise<InfluencerProject> {
    return this.services.send(Subjects.generation.influencerApprove, { userId, projectId, approved: body.approved ?? true, consent: body.consent, name: body.name });
  }

  /** Shows the owner's influencer in the community gallery: only with their consent, under the name they give. */
  @Post('projects/:id/publish')
  @HttpCode(200)
  publish(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number, @Body() body: PublishInfluencerDto): Promise<InfluencerProject> {
    return this.services.send(Subjects.generation.influencerApprove, { userId, projectId, approved: true, consent: body.consent, name: body.name });
  }

  /** Takes it out of the gallery; its public copies are removed before this answers. */
  @Post('projects/:id/unpublish')
  @HttpCode(200)
  unpublish(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number): Promise<InfluencerProject> {
    return this.services.send(Subjects.generation.influencerApprove, { userId, projectId, approved: false });
  }

  /** The owner's one appeal of a review or a removal; operators read it beside the reports. */
  @Post('projects/:id/appeal')
  @HttpCode(200)
  appeal(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number, @Body() body: AppealInfluencerDto): Promise<InfluencerProject> {
    return this.services.send(Subjects.generation.influencerAppeal, { userId, projectId, message: body.message });
  }

  @Delete('projects/:id')
  delete(@CurrentUserId() userId: string, @Param('id', PROJECT_ID) projectId: number): Promise<{ deleted: true }> {
    return this.services.send(Subjects.generation.influencerDelete, { userId, projectId });
  }

  /** One Shot: starts a run (one generation for all its steps) and answers its state at once; progress comes on `/api/jobs/{id}/events`. */
  @Post('pipeline')
  @HttpCode(200)
  pipeline(@CurrentUserId() userId: string, @Body() body: PipelineRequestDto): Promise<JobState> {
    return this.services.send(Subjects.generation.pipelineStart, { ...body, userId }, JOB_START_REPLY_TIMEOUT_MS);
  }

  /** The caller's run still in progress, so the page can resume it after a reload. */
  @Get('pipeline/current')
  async currentPipeline(@CurrentUserId() userId: string): Promise<{ run: JobState | null }> {
    return { run: await this.services.send(Subjects.generation.pipelineCurrent, { userId }) };
  }

  @Get('pipeline/:id')
  pipelineRun(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<JobState> {
    return this.services.send(Subjects.generation.jobGet, { userId, jobId });
  }

  /**
   * Anyone may report a gallery influencer (e.g. a likeness used without consent). Each reporter
   * counts once: a signed-in user by their id, someone signed out by a digest of their address.
   */
  @Public()
  @Post('gallery/:id/report')
  @HttpCode(200)
  @Throttle({ api: { limit: 10, ttl: 60_000 } })
  async report(@OptionalUserId() userId: string | null, @Req() request: Request, @Param('id', GALLERY_ITEM_ID) projectId: number, @Body() body: ReportInfluencerDto): Promise<{ reported: true }> {
    const reporter = userId ?? `address:${createHash('sha256').update(normalizeIp(request.ip ?? '')).digest('hex').slice(0, 32)}`;
    const established = userId !== null && (await this.isEstablished(userId));
    return this.services.send(Subjects.generation.galleryReport, { projectId, reporter, reason: body.reason, contact: body.contact, established });
  }

  /** An account older than `ESTABLISHED_ACCOUNT_AGE_MS`, or one that pays (Premium, or pack credits bought); read fresh, not from `CurrentUsers`' moment of cache. */
  private async isEstablished(userId: string): Promise<boolean> {
    const [user, account] = await Promise.all([
      this.services.send(Subjects.auth.userGet, { id: userId }),
      this.services.send(Subjects.billing.accountGet, { userId }),
    ]);
    return account.premium || account.extraGenerations > 0 || Date.now() - Date.parse(user.createdAt) >= ESTABLISHED_ACCOUNT_AGE_MS;
  }

  /** Published influencers with a clip, for everyone; `isOwner` marks the caller's own. */
  @Public()
  @Get('gallery')
  gallery(@OptionalUserId() userId: string | null): Promise<InfluencerProject[]> {
    return this.services.send(Subjects.generation.galleryList, { userId });
  }
}
