import { Body, Delete, Get, Headers, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiExtraModels, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags,
  ApiUnprocessableEntityResponse, getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ErrorCode, JOB_START_REPLY_TIMEOUT_MS, mediaKeyOf, RevisionMessages, Subjects, videoDownloadName, type ApiKeyIdentity,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { CreateVideoBodyDto, ListVideosQueryDto, ReviseVideoBodyDto } from '@lipcast/nest-kit/requests';
import { publicOrigin } from '../http/public-origin';
import { MediaResponder } from '../media/media-responder';
import { GatewaySettings } from '../settings';
import { ApiKeyOwner, RequireScopes } from './api-key-owner';
import { ApiV1Controller, errorExample } from './api-v1-controller';
import { ApiV1ErrorDto } from './api-v1.dto';
import {
  ApiV1RevisionAcceptedDto, ApiV1RevisionListDto, apiV1Revision, apiV1Revisions, ApiV1VideoAcceptedDto, ApiV1VideoDeletedDto, ApiV1VideoDto, ApiV1VideoListDto, apiV1Video, IDEMPOTENCY_KEY_HEADER,
} from './videos.dto';

const NO_SUCH_VIDEO = 'No such video';
/** A succeeded video made before posters has none. */
const NO_POSTER = 'The video has no poster';
/** A path id that is not a UUID names no video. */
const VIDEO_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound(NO_SUCH_VIDEO) });

const notFoundResponse = ApiNotFoundResponse({ description: 'No video of yours has this id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_SUCH_VIDEO) });

/**
 * The public API's videos: made, read, listed and canceled by the generation service for the key's
 * owner (`generation.videos.*.v1`); this controller turns them into the API's snake_case and makes
 * their URLs absolute. Errors come as the service says them, in the v1 shape.
 */
@ApiTags('videos')
@ApiV1Controller('videos')
@ApiExtraModels(ApiV1VideoDto, ApiV1VideoDeletedDto)
export class VideosV1Controller {
  constructor(
    private readonly services: ServiceClient,
    private readonly settings: GatewaySettings,
    private readonly media: MediaResponder,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('videos:write')
  @ApiOperation({
    summary: 'Make a video: an actor or influencer speaks the script',
    description: 'Scope: `videos:write`. Uses one generation of your plan. Answers at once; poll `GET /api/v1/videos/{id}` or give `webhook_url` to learn when it ends.',
  })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiAcceptedResponse({ type: ApiV1VideoAcceptedDto })
  @ApiBadRequestResponse({
    description: 'A field is missing or wrong (the message names it), or the Idempotency-Key is too long',
    type: ApiV1ErrorDto,
    example: errorExample(ErrorCode.Validation, 'script is required'),
  })
  @ApiResponse({
    status: HttpStatus.PAYMENT_REQUIRED,
    description: 'No generation left on your plan',
    type: ApiV1ErrorDto,
    example: errorExample(ErrorCode.PaymentRequired, 'No generations left', { requiresPayment: true, limit: 3, requiresAdditionalOnly: false }),
  })
  @ApiConflictResponse({ description: 'A create with this Idempotency-Key is still being made: retry shortly', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'A request with this Idempotency-Key is still being processed; try again shortly.') })
  @ApiUnprocessableEntityResponse({
    description: 'This Idempotency-Key was used with another body',
    type: ApiV1ErrorDto,
    example: errorExample(ErrorCode.IdempotencyMismatch, 'This Idempotency-Key was used with a different request body.'),
  })
  async create(@ApiKeyOwner() owner: ApiKeyIdentity, @Body() body: CreateVideoBodyDto, @Headers('idempotency-key') idempotencyKey: string | undefined): Promise<ApiV1VideoAcceptedDto> {
    const { webhook_url: webhookUrl, ...spec } = body;
    const video = await this.services.send(Subjects.generation.videoCreate, { ...spec, webhookUrl, userId: owner.userId, idempotencyKey }, JOB_START_REPLY_TIMEOUT_MS);
    return { id: video.id, status: video.status };
  }

  @Get()
  @RequireScopes('videos:read')
  @ApiOperation({ summary: 'Your videos, newest first, in pages', description: 'Scope: `videos:read`. Pass a page\'s `next_cursor` as `cursor` for the next one.' })
  @ApiOkResponse({ type: ApiV1VideoListDto })
  @ApiBadRequestResponse({ description: 'A cursor this API did not give, or a limit out of range', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Validation, 'limit must be a whole number from 1 to 100') })
  async list(@ApiKeyOwner() owner: ApiKeyIdentity, @Query() query: ListVideosQueryDto, @Req() http: Request): Promise<ApiV1VideoListDto> {
    const page = await this.services.send(Subjects.generation.videosList, { userId: owner.userId, ...query });
    const origin = publicOrigin(this.settings, http);
    return { data: page.videos.map((video) => apiV1Video(video, origin)), next_cursor: page.nextCursor };
  }

  @Get(':id')
  @RequireScopes('videos:read')
  @ApiOperation({ summary: 'One video: its status, progress and, once succeeded, its URL', description: 'Scope: `videos:read`.' })
  @ApiOkResponse({ type: ApiV1VideoDto })
  @notFoundResponse
  async get(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', VIDEO_ID) videoId: string, @Req() http: Request): Promise<ApiV1VideoDto> {
    return apiV1Video(await this.services.send(Subjects.generation.videoGet, { userId: owner.userId, videoId }), publicOrigin(this.settings, http));
  }

  @Get(':id/file')
  @RequireScopes('videos:read')
  @ApiOperation({
    summary: "A succeeded video's MP4 (its `url`)",
    description: 'Scope: `videos:read`. Answered as an attachment named `lipcast-<id>-<format>.mp4` (e.g. `lipcast-<id>-9x16-1080p.mp4`; the portrait card reads `640x720`), with byte ranges; where the store has a public address, a short-lived redirect there.',
  })
  @ApiOkResponse({ description: 'The MP4 (or a 302 to it)', content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } })
  @ApiConflictResponse({ description: 'The video has no file (yet)', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'The video is running: it has no file yet') })
  @notFoundResponse
  async file(
    @ApiKeyOwner() owner: ApiKeyIdentity,
    @Param('id', VIDEO_ID) videoId: string,
    @Query('version') version: string | undefined,
    @Headers('range') rangeHeader: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const video = await this.services.send(Subjects.generation.videoGet, { userId: owner.userId, videoId });
    // The service answers only the key owner's videos, so their file is the owner's to read.
    const url = version === undefined ? video.url : await this.versionUrl(owner.userId, videoId, version);
    const key = url === null ? null : mediaKeyOf(url);
    if (key === null) throw new ServiceError(ErrorCode.Conflict, `The video is ${video.status}: it has no file yet`);
    await this.media.send(key, { download: videoDownloadName(video.id, video.format, version === undefined ? undefined : Number(version)), rangeHeader }, response);
  }

  /** One of a video's versions (`?version=` of its file): every one stays downloadable after a fix. */
  private async versionUrl(userId: string, videoId: string, version: string): Promise<string> {
    if (!/^[1-9]\d{0,3}$/.test(version)) throw ServiceError.validation('version must be a whole number from 1', { field: 'version' });
    const { versions } = await this.services.send(Subjects.generation.revisionsList, { userId, videoId });
    const found = versions.find((each) => each.version === Number(version));
    if (!found) throw ServiceError.notFound(`The video has no version ${version}`);
    return found.url;
  }

  @Post(':id/revisions')
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('videos:write')
  @ApiOperation({
    summary: 'Fix one sentence: a new version of a finished video whose script changed in one sentence',
    description:
      "Scope: `videos:write`. Send the whole script with one sentence changed (or replaced by several); only that sentence is spoken and lip-synced again and spliced in with short cross-fades, its captions and lip-sync check made again. A video's first 3 fixes are free, each later one uses a generation. The old version stays downloadable (`GET /videos/{id}/revisions`); the video's `url` answers the new one once it succeeds. Typed speech only.",
  })
  @ApiAcceptedResponse({ type: ApiV1RevisionAcceptedDto })
  @ApiBadRequestResponse({ description: 'The script does not change exactly one sentence (the message says why)', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Validation, RevisionMessages.tooMany) })
  @ApiConflictResponse({ description: 'The video cannot be fixed now: not finished, a fix under way, or a recorded voice', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, RevisionMessages.underWay) })
  @ApiResponse({ status: HttpStatus.PAYMENT_REQUIRED, description: 'A paid fix with no generation left', type: ApiV1ErrorDto, example: errorExample(ErrorCode.PaymentRequired, 'No generations left', { requiresPayment: true, limit: 3, requiresAdditionalOnly: false }) })
  @notFoundResponse
  async revise(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', VIDEO_ID) videoId: string, @Body() body: ReviseVideoBodyDto, @Req() http: Request): Promise<ApiV1RevisionAcceptedDto> {
    const created = await this.services.send(Subjects.generation.revisionCreate, { userId: owner.userId, videoId, script: body.script }, JOB_START_REPLY_TIMEOUT_MS);
    return { ...apiV1Revision(created.revision, videoId, publicOrigin(this.settings, http)), free_fixes_left: created.freeFixesLeft };
  }

  @Get(':id/revisions')
  @RequireScopes('videos:read')
  @ApiOperation({ summary: "A video's versions (each downloadable) and its fixes", description: 'Scope: `videos:read`.' })
  @ApiOkResponse({ type: ApiV1RevisionListDto })
  @notFoundResponse
  async revisions(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', VIDEO_ID) videoId: string, @Req() http: Request): Promise<ApiV1RevisionListDto> {
    return apiV1Revisions(await this.services.send(Subjects.generation.revisionsList, { userId: owner.userId, videoId }), videoId, publicOrigin(this.settings, http));
  }

  @Get(':id/captions')
  @RequireScopes('videos:read')
  @ApiOperation({
    summary: "A succeeded video's word-timed captions (its `captions_url`)",
    description: 'Scope: `videos:read`. WebVTT (`text/vtt`), or SubRip with `?format=srt`; answered as an attachment named like the video (`lipcast-<id>-<format>.vtt`).',
  })
  @ApiOkResponse({ description: 'The captions', content: { 'text/vtt': { schema: { type: 'string' } }, 'application/x-subrip': { schema: { type: 'string' } } } })
  @ApiConflictResponse({ description: 'The video has no captions (yet)', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'The video is running: it has no captions yet') })
  @notFoundResponse
  async captions(
    @ApiKeyOwner() owner: ApiKeyIdentity,
    @Param('id', VIDEO_ID) videoId: string,
    @Query('format') format: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    if (format !== undefined && format !== 'vtt' && format !== 'srt') throw ServiceError.validation('format must be vtt or srt', { field: 'format' });
    const video = await this.services.send(Subjects.generation.videoGet, { userId: owner.userId, videoId });
    const vttKey = video.captionsUrl ? mediaKeyOf(video.captionsUrl) : null;
    if (vttKey === null) throw new ServiceError(ErrorCode.Conflict, video.status === 'succeeded' ? 'The video has no captions' : `The video is ${video.status}: it has no captions yet`);
    const extension = format ?? 'vtt';
    const key = extension === 'srt' ? vttKey.replace(/\.vtt$/, '.srt') : vttKey;
    await this.media.send(key, { download: videoDownloadName(video.id, video.format).replace(/\.mp4$/, `.${extension}`) }, response);
  }

  @Get(':id/poster')
  @RequireScopes('videos:read')
  @ApiOperation({
    summary: "A succeeded video's poster (its `poster_url`)",
    description:
      "Scope: `videos:read`. Its first frame at the format's size, as WebP (`image/webp`); answered as an attachment named like the video (`lipcast-<id>-<format>.webp`); where the store has a public address, a short-lived redirect there.",
  })
  @ApiOkResponse({ description: 'The poster (or a 302 to it)', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } })
  @ApiConflictResponse({ description: 'The video has not succeeded (yet)', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'The video is running: it has no poster yet') })
  @ApiNotFoundResponse({ description: 'No video of yours has this id, or it has no poster (made before posters)', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_POSTER) })
  async poster(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', VIDEO_ID) videoId: string, @Res() response: Response): Promise<void> {
    const video = await this.services.send(Subjects.generation.videoGet, { userId: owner.userId, videoId });
    if (video.status !== 'succeeded') throw new ServiceError(ErrorCode.Conflict, `The video is ${video.status}: it has no poster yet`);
    const key = video.posterUrl ? mediaKeyOf(video.posterUrl) : null;
    if (key === null) throw ServiceError.notFound(NO_POSTER);
    await this.media.send(key, { download: videoDownloadName(video.id, video.format).replace(/\.mp4$/, '.webp') }, response);
  }

  @Delete(':id')
  @RequireScopes('videos:write')
  @ApiOperation({
    summary: 'Cancel a video, or delete a finished one',
    description: 'Scope: `videos:write`. A queued or running video is canceled (its generation not charged) and answered; a finished one is deleted with its media.',
  })
  @ApiOkResponse({
    description: 'The canceled video, or `{id, deleted: true}`',
    schema: { oneOf: [{ $ref: getSchemaPath(ApiV1VideoDto) }, { $ref: getSchemaPath(ApiV1VideoDeletedDto) }] },
  })
  @notFoundResponse
  async cancel(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', VIDEO_ID) videoId: string, @Req() http: Request): Promise<ApiV1VideoDto | ApiV1VideoDeletedDto> {
    const canceled = await this.services.send(Subjects.generation.videoCancel, { userId: owner.userId, videoId });
    return canceled.video ? apiV1Video(canceled.video, publicOrigin(this.settings, http)) : { id: canceled.id, deleted: true };
  }
}
