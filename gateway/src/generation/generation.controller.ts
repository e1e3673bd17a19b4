import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Sse, SseSignal, UseInterceptors, type MessageEvent } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { fromEvent, map, merge, takeUntil, timer, type Observable } from 'rxjs';
import {
  ErrorCode, Subjects, type Actor, type AudioRequest, type AudioResponse, type JobState, type LipSyncRequest, type SampleVideos, type ScriptRequestBody, type ScriptResponse,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { CurrentUserId, Public } from '../auth/signed-in.guard';
import { Draining } from '../http/draining';
import { PublicReadCaching, PublicReads } from '../http/public-reads';
import { GatewaySettings } from '../settings';
import { jobStates, prefersAsync, waitForJob } from './job-events';
import { OpenStreams } from './open-streams';

/** The spec's answer for a long job: 200 with the url when done, 202 with the prediction id while running. */
export function jobAnswer(job: JobState): { url: string; predictionId: string } {
  if (job.status === 'succeeded' && job.url) return { url: job.url, predictionId: job.id };
  if (job.status === 'failed') throw new ServiceError(ErrorCode.Upstream, job.error ?? 'Video generation failed. Please try again.');
  if (job.status === 'canceled') throw new ServiceError(ErrorCode.Conflict, job.error ?? 'The generation was canceled.');
  throw new ServiceError(ErrorCode.StillRunning, 'Video generation is still in progress', { predictionId: job.id, status: 'processing', progress: job.progress });
}

/** Job ids are UUIDs; anything else is a job that does not exist. */
export const JOB_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound('No such generation') });

// Request bodies are passed on as they come: the generation service validates them (one rule, one place).
type AudioBody = AudioRequest & { videoId?: string };

@ApiTags('generation')
@Controller()
export class GenerationController {
  constructor(
    private readonly services: ServiceClient,
    private readonly settings: GatewaySettings,
    private readonly openStreams: OpenStreams,
    private readonly draining: Draining,
    private readonly reads: PublicReads,
  ) {}

  @Public()
  @Get('actors')
  @UseInterceptors(PublicReadCaching)
  @ApiOperation({ summary: 'The 14 built-in actors' })
  actors(): Promise<Actor[]> {
    return this.reads.send<Actor[]>(Subjects.generation.actorsList, {});
  }

  @Public()
  @Get('samples')
  @UseInterceptors(PublicReadCaching)
  @ApiOperation({ summary: "The landing page's sample videos" })
  samples(): Promise<SampleVideos> {
    return this.reads.send<SampleVideos>(Subjects.generation.samplesList, {});
  }

  @Public()
  @Get('replicate/voices')
  @UseInterceptors(PublicReadCaching)
  voices(): Promise<string[]> {
    return this.reads.send<string[]>(Subjects.generation.voicesList, {});
  }

  /** Free, but limited: each preview costs real compute. */
  @Post('replicate/audio')
  @HttpCode(200)
  @Throttle({ api: { limit: 30, ttl: 60_000 } })
  audio(@CurrentUserId() userId: string, @Body() body: AudioBody): Promise<AudioResponse> {
    return this.services.send<AudioResponse>(Subjects.generation.audioCreate, { ...body, userId }, 60_000);
  }

  /** Free, but limited: a script costs a model call. */
  @Post('openai/generate-script')
  @HttpCode(200)
  @Throttle({ api: { limit: 30, ttl: 60_000 } })
  script(@CurrentUserId() userId: string, @Body() body: ScriptRequestBody): Promise<ScriptResponse> {
    // The signed-in user's, whose daily quota of scripts it counts against.
    return this.services.send<ScriptResponse>(Subjects.generation.scriptWrite, { ...body, userId }, 65_000);
  }

  @Post('replicate/lipsync')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Starts (or rejoins) a lip-sync: 200 {url, predictionId} when done, 202 {predictionId} while running',
    description: 'Held up to LIPSYNC_HOLD_MS; with `Prefer: respond-async` it answers at once, so the page can follow /api/jobs/{id}/events.',
  })
  async lipSync(@CurrentUserId() userId: string, @Body() body: LipSyncRequest, @Headers('prefer') prefer?: string): Promise<{ url: string; predictionId: string }> {
    const start = () => this.services.send<JobState>(Subjects.generation.lipsyncStart, { ...body, userId });
    if (prefersAsync(prefer)) return jobAnswer(await start());
    // A held request takes one of the user's open-stream places before the job starts, so a 429 starts nothing.
    return jobAnswer(await this.openStreams.hold(userId, async () => waitForJob(this.services, userId, (await start()).id, this.settings.LIPSYNC_HOLD_MS, this.draining.signal)));
  }

  @Post('replicate/cancel/:id')
  @HttpCode(200)
  cancel(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<JobState> {
    return this.services.send<JobState>(Subjects.generation.jobCancel, { userId, jobId });
  }

  @Get('jobs/:id')
  job(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string): Promise<JobState> {
    return this.services.send<JobState>(Subjects.generation.jobGet, { userId, jobId });
  }

  /**
   * Server-sent events: one `JobState` per change, ending with the finished state, or after
   * STREAM_LIFETIME_MS, when the browser's EventSource reconnects. Each open stream takes one of the
   * user's MAX_OPEN_STREAMS_PER_USER places until it ends, however it ends.
   */
  @Sse('jobs/:id/events')
  async events(@CurrentUserId() userId: string, @Param('id', JOB_ID) jobId: string, @SseSignal() ended: AbortSignal): Promise<Observable<MessageEvent>> {
    await this.services.send<JobState>(Subjects.generation.jobGet, { userId, jobId }); // 404 before the stream opens
    const release = this.openStreams.open(userId);
    ended.addEventListener('abort', release, { once: true });
    if (ended.aborted) release(); // the client left while the job was looked up
    return jobStates(this.services, userId, jobId).pipe(
      // Ends after its lifetime, or when this gateway drains; the browser reconnects either way.
      takeUntil(merge(timer(this.settings.STREAM_LIFETIME_MS), fromEvent(this.draining.signal, 'abort'))),
      map((state): MessageEvent => ({ type: 'progress', data: state })),
    );
  }
}
