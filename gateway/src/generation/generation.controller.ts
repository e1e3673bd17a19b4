import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res, Sse, SseSignal, UseInterceptors, type MessageEvent } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { fromEvent, map, merge, takeUntil, tap, timer, type Observable } from 'rxjs';
import {
  GENERATION_REPLY_TIMEOUT_MS, JOB_START_REPLY_TIMEOUT_MS, SCRIPT_REPLY_TIMEOUT_MS, Subjects, type Actor, type AudioResponse, type CreatedRevision, type JobState, type SampleVideos, type ScriptResponse,
  type VideoRevisions,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { AudioRequestDto, LipSyncRequestDto, ReviseVideoBodyDto, ScriptRequestDto } from '@lipcast/nest-kit/requests';
import { CurrentUserId, Public } from '../auth/signed-in.guard';
import { Draining } from '../http/draining';
import { PreviewRoute } from '../http/preview-rate-limit';
import { PublicReadCaching, PublicReads } from '../http/public-reads';
import { GatewaySettings } from '../settings';
import { isFinished, jobStates } from './job-events';
import { JobWatchers } from './job-watchers';
import { answerLongJob, JOB_ID, sendJobAnswer, type JobHolding } from './jobs';
import { OpenStreams } from './open-streams';

@ApiTags('generation')
@Controller()
export class GenerationController {
  private readonly holding: JobHolding;

  constructor(
    private readonly services: ServiceClient,
    private readonly settings: GatewaySettings,
    private readonly openStreams: OpenStreams,
    private readonly draining: Draining,
    private readonly reads: PublicReads,
    private readonly watchers: JobWatchers,
  ) {
    this.holding = { services, openStreams, draining };
  }

  @Public()
  @Get('actors')
  @UseInterceptors(PublicReadCaching)
  @ApiOperation({ summary: 'The 14 built-in actors' })
  actors(): Promise<Actor[]> {
    return this.reads.send(Subjects.generation.actorsList, {});
  }

  @Public()
  @Get('samples')
  @UseInterceptors(PublicReadCaching)
  @ApiOperation({ summary: "The landing page's sample videos" })
  samples(): Promise<SampleVideos> {
    return this.reads.send(Subjects.generation.samplesList, {});
  }

  @Public()
  @Get('replicate/voices')
  @UseInterceptors(PublicReadCaching)
  voices(): Promise<string[]> {
    return this.reads.send(Subjects.generation.voicesList, {});
  }

  /** Free, but limited (`PREVIEW_RATE_LIMIT_PER_MINUTE` per user): each preview costs real compute. */
  @Post('replicate/audio')
  @HttpCode(200)
  @PreviewRoute()
  audio(@CurrentUserId() userId: string, @Body() body: AudioRequestDto): Promise<AudioResponse> {
    return this.services.send(Subjects.generation.audioCreate, { ...body, userId }, GENERATION_REPLY_TIMEOUT_MS);
  }

  /** Free, but limited (`PREVIEW_RATE_LIMIT_PER_MINUTE` per user): a script costs a model call. */
  @Post('openai/generate-script')
  @HttpCode(200)
  @PreviewRoute()
  script(@CurrentUserId() userId: string, @Body() body: ScriptRequestDto): Promise<ScriptResponse> {
    // The signed-in user's, whose daily quota of scripts it counts against.
    return this.services.send(Subjects.generation.scriptWrite, { ...body, userId }, SCRIPT_REPLY_TIMEOUT_MS);
  }

  @Post('replicate/lipsync')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Starts (or rejoins) a lip-sync: 200 {url, predictionId} when done, 202 {predictionId} while running',
    description: 'Held up to LIPSYNC_HOLD_MS; with `Prefer: respond-async` it answers at once, so the page can follow /api/jobs/{id}/events.',
  })
  async lipSync(
    @CurrentUserId() userId: string,
    @Body() body: LipSyncRequestDto,
    @Res() response: Response,
    @Headers('prefer') prefer?: string,
  ): Promise<void> {
    const start = () => this.services.send(Subjects.generation.lipsyncStart, { ...body, userId }, JOB_START_REPLY_TIMEOUT_MS);
    sendJobAnswer(response, await answerLongJob(this.holding, { userId, start, holdMs: this.settings.LIPSYNC_HOLD_MS, prefer }));
  }

  @Post('replicate/cancel/:id')
  @HttpCode(200)
  cancel(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<JobState> {
    return this.services.send(Subjects.generation.jobCancel, { userId, jobId });
  }

  @Get('jobs/:id')
  job(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<JobState> {
    return this.services.send(Subjects.generation.jobGet, { userId, jobId });
  }

  @Get('jobs/:id/revisions')
  @ApiOperation({ summary: "A finished video's versions (each downloadable) and its fixes of one sentence, by the job of any of its versions" })
  revisions(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<VideoRevisions> {
    return this.services.send(Subjects.generation.revisionsList, { userId, jobId });
  }

  @Post('jobs/:id/revisions')
  @HttpCode(202)
  @ApiOperation({
    summary: '"Edit script": a new version of the video this job made, its script changed in one sentence',
    description: 'Only that sentence is spoken and lip-synced again, spliced in with short cross-fades. Free for a video\'s first fixes (REVISION_FREE_FIXES), then one generation each. Follow the answer\'s job at /api/jobs/{id}.',
  })
  revise(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string, @Body() body: ReviseVideoBodyDto): Promise<CreatedRevision> {
    return this.services.send(Subjects.generation.revisionCreate, { userId, jobId, script: body.script }, JOB_START_REPLY_TIMEOUT_MS);
  }

  /**
   * Server-sent events: one `JobState` per change, ending with the finished state, or after
   * STREAM_LIFETIME_MS, when the browser's EventSource reconnects. Each open stream takes one of the
   * user's MAX_OPEN_STREAMS_PER_USER places until it ends, however it ends.
   */
  @Sse('jobs/:id/events')
  async events(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string, @SseSignal() ended: AbortSignal): Promise<Observable<MessageEvent>> {
    await this.services.send(Subjects.generation.jobGet, { userId, jobId }); // 404 before the stream opens
    const release = this.openStreams.open(userId);
    ended.addEventListener('abort', release, { once: true });
    if (ended.aborted) release(); // the client left while the job was looked up
    // A job followed here to its end gets no "video ready" mail (content reads the job-watchers bucket).
    const unwatch = this.watchers.watch(jobId);
    ended.addEventListener('abort', unwatch, { once: true });
    if (ended.aborted) unwatch();
    return jobStates(this.services, userId, jobId).pipe(
      tap((state) => {
        if (isFinished(state) && !ended.aborted) this.watchers.sawEnd(jobId);
      }),
      // Ends after its lifetime, or when this gateway drains; the browser reconnects either way.
      takeUntil(merge(timer(this.settings.STREAM_LIFETIME_MS), fromEvent(this.draining.signal, 'abort'))),
      map((state): MessageEvent => ({ type: 'progress', data: state })),
    );
  }
}
