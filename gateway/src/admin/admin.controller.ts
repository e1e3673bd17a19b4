import { Body, Controller, Get, Headers, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import {
  ADMIN_USER_IDS_MAX, adminUserName, mediaKeyOf, Subjects, userFolder, type AdminActor, type AdminAuditEntry, type AdminCreditAdjustmentRequest, type AdminGalleryReport, type AdminJobDetail,
  type AdminJobList, type AdminJobListRequest, type AdminNewsletterIssueList, type AdminNewsletterResumeRequest, type AdminNewsletterSending,
  type AdminNewsletterSendRequest, type AdminPost, type AdminPostList, type AdminQueueState, type AdminUserAccount, type AdminUserSearchRequest,
  type AdminUserSummary, type AdminModerationDecisionRequest, type AdminModerationDecisionResult, type JobState,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { AdminCreditAdjustmentDto, AdminModerationDecisionDto, AdminNewsletterIssueDto, AdminPostDto } from '@lipcast/nest-kit/requests';
import { CurrentUsers } from '../auth/current-users';
import { MediaResponder } from '../media/media-responder';
import { AdminAuditQuery, AdminJobFilterQuery, AdminUserQuery } from './admin-bodies';
import { AdminGuard, Operator } from './admin-role';
import { AuditLogRepository } from './audit-log.repository';
import { StoredIdPipe } from '../http/stored-id.pipe';

/** Users a job filter's `user` fragment may stand for at most. */
const USER_FILTER_MATCHES = 100;

/** The audit actions whose target is a user id (the others name a job, post, influencer or issue). */
const USER_TARGET_ACTIONS: ReadonlySet<string> = new Set(['credits.adjust']);

/**
 * The operator console's API (`/api/admin`, `AdminGuard`: 401 signed out, 403 without the admin
 * role). Reads ask the owning service; every write goes to its owner with the operator, and is
 * written to the audit log once it succeeded.
 */
@ApiTags('admin')
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly services: ServiceClient,
    private readonly audit: AuditLogRepository,
    private readonly currentUsers: CurrentUsers,
    private readonly media: MediaResponder,
  ) {}

  @Get('queue')
  queue(): Promise<AdminQueueState> {
    return this.services.send(Subjects.generation.adminQueueGet, {});
  }

  /** Newest first; `user` is a user id or part of a username or e-mail. */
  @Get('jobs')
  async jobs(@Query() filter: AdminJobFilterQuery): Promise<AdminJobList> {
    const { user, ...rest } = filter;
    const request: AdminJobListRequest = { ...rest };
    if (user?.trim()) {
      request.userIds = isUUID(user.trim()) ? [user.trim().toLowerCase()] : (await this.searchUsers(user, USER_FILTER_MATCHES)).map((found) => found.id);
      if (request.userIds.length === 0) return { jobs: [], nextCursor: null };
    }
    const list = await this.services.send(Subjects.generation.adminJobsList, request);
    const names = await this.userNames(list.jobs.map((job) => job.userId));
    return { ...list, jobs: list.jobs.map((job) => withUserName(job, names)) };
  }

  @Get('jobs/:id')
  async job(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) jobId: string): Promise<AdminJobDetail> {
    const [job, reservation] = await Promise.all([
      this.services.send(Subjects.generation.adminJobGet, { jobId }),
      this.services.send(Subjects.billing.adminReservationGet, { jobId }),
    ]);
    return withUserName({ ...job, reservation }, await this.userNames([job.userId]));
  }

  /** The user's cancel (credit released; 409 once it succeeded), for any user's job. */
  @HttpCode(200)
  @Post('jobs/:id/cancel')
  async cancelJob(@Operator() operator: AdminActor, @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) jobId: string): Promise<JobState> {
    const state = await this.services.send(Subjects.generation.adminJobCancel, { jobId });
    await this.audit.record(operator, 'job.cancel', jobId, { status: state.status });
    return state;
  }

  /** A failed or cancelled job queued again as a new job (a credit reserved again: 402 when the user has none). */
  @HttpCode(200)
  @Post('jobs/:id/retry')
  async retryJob(@Operator() operator: AdminActor, @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) jobId: string): Promise<JobState> {
    const state = await this.services.send(Subjects.generation.adminJobRetry, { jobId });
    await this.audit.record(operator, 'job.retry', jobId, { newJobId: state.id, status: state.status });
    return state;
  }

  @Get('users')
  users(@Query() query: AdminUserQuery): Promise<AdminUserSummary[]> {
    return this.searchUsers(query.query ?? '', 50);
  }

  @Get('users/:id')
  async user(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) userId: string): Promise<AdminUserAccount> {
    const [user, account] = await Promise.all([this.findUser(userId), this.services.send(Subjects.billing.adminAccountGet, { userId })]);
    return { user, ...account };
  }

  /** Extra generations given or taken back, with the reason, in the ledger under the operator; never below zero (400). */
  @HttpCode(200)
  @Post('users/:id/credits')
  async adjustCredits(
    @Operator() operator: AdminActor,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) userId: string,
    @Body() body: AdminCreditAdjustmentDto,
  ): Promise<AdminUserAccount> {
    const user = await this.findUser(userId);
    const request: AdminCreditAdjustmentRequest = { ...operator, userId, delta: body.delta, reason: body.reason.trim(), ...(body.jobId ? { jobId: body.jobId } : {}) };
    const account = await this.services.send(Subjects.billing.adminCreditsAdjust, request);
    // The user's own header shows the new balance at once (on this replica; others within CurrentUsers.CACHE_MS).
    this.currentUsers.forget(userId);
    await this.audit.record(operator, 'credits.adjust', userId, { delta: body.delta, reason: request.reason, jobId: body.jobId ?? null, extraGenerations: account.extraGenerations });
    return { user, ...account };
  }

  @Get('posts')
  posts(): Promise<AdminPostList> {
    return this.services.send(Subjects.content.adminPostsList, {});
  }

  @Get('posts/:id')
  post(@Param('id', new StoredIdPipe('No such post')) id: number): Promise<AdminPost> {
    return this.services.send(Subjects.content.adminPostGet, { id });
  }

  /** A `publishedAt` in the future schedules the post, null keeps it a draft; a slug in use is 409. */
  @Post('posts')
  async createPost(@Operator() operator: AdminActor, @Body() body: AdminPostDto): Promise<AdminPost> {
    const post = await this.services.send(Subjects.content.adminPostCreate, body);
    await this.audit.record(operator, 'post.create', String(post.id), { slug: post.slug, status: post.status, publishedAt: post.publishedAt });
    return post;
  }

  @Put('posts/:id')
  async updatePost(@Operator() operator: AdminActor, @Param('id', new StoredIdPipe('No such post')) id: number, @Body() body: AdminPostDto): Promise<AdminPost> {
    const post = await this.services.send(Subjects.content.adminPostUpdate, { ...body, id });
    await this.audit.record(operator, 'post.update', String(post.id), { slug: post.slug, status: post.status, publishedAt: post.publishedAt });
    return post;
  }

  /** Reported items; the clip of one out of the gallery is its owner's private copy, which operators watch through `gallery/:id/video`. */
  @Get('gallery/reports')
  async galleryReports(): Promise<AdminGalleryReport[]> {
    const reports = await this.services.send(Subjects.generation.adminGalleryReports, {});
    return reports.map((item) => (item.videoUrl && this.ownersClipKey(item) ? { ...item, videoUrl: `/api/admin/gallery/${item.influencerId}/video` } : item));
  }

  /** The clip of a reported item out of the gallery (its owner's own copy), for the operator who decides on it; 404 for anything else. */
  @Get('gallery/:influencerId/video')
  async galleryItemVideo(
    @Param('influencerId', new StoredIdPipe('No such influencer project')) influencerId: number,
    @Headers('range') rangeHeader: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const reports = await this.services.send(Subjects.generation.adminGalleryReports, {});
    const item = reports.find((report) => report.influencerId === String(influencerId));
    const key = item && this.ownersClipKey(item);
    if (!key) throw new NotFoundException('No such reported influencer');
    await this.media.send(key, { rangeHeader }, response);
  }

  /** The key of a reported item's clip when it is its owner's own copy (not a public one). */
  private ownersClipKey(item: AdminGalleryReport): string | null {
    const key = item.videoUrl ? mediaKeyOf(item.videoUrl) : null;
    return key && key.startsWith(userFolder(item.ownerId)) ? key : null;
  }

  /**
   * Restores an influencer (back in the gallery if its owner publishes it) or removes it (out of the
   * gallery, its public copies removed, not usable in new videos), with the reason its owner reads.
   */
  @HttpCode(200)
  @Post('gallery/:influencerId/decision')
  async decideGalleryItem(
    @Operator() operator: AdminActor,
    @Param('influencerId', new StoredIdPipe('No such influencer project')) influencerId: number,
    @Body() body: AdminModerationDecisionDto,
  ): Promise<AdminModerationDecisionResult> {
    const request: AdminModerationDecisionRequest = { influencerId, decision: body.decision, reason: body.reason.trim() };
    const result = await this.services.send(Subjects.generation.adminGalleryDecide, request);
    await this.audit.record(operator, `gallery.${body.decision}`, String(influencerId), { reason: request.reason, state: result.state });
    return result;
  }

  /** The newsletter's issues, newest first, with their progress and the number of confirmed subscribers. */
  @Get('newsletter/issues')
  newsletterIssues(): Promise<AdminNewsletterIssueList> {
    return this.services.send(Subjects.content.adminNewsletterIssuesList, {});
  }

  /** Stores the issue and mails it to every confirmed subscriber in the background (the answer says how many). */
  @Post('newsletter/issues')
  async sendNewsletterIssue(@Operator() operator: AdminActor, @Body() body: AdminNewsletterIssueDto): Promise<AdminNewsletterSending> {
    const request: AdminNewsletterSendRequest = { ...operator, subject: body.subject.trim(), body: body.body };
    const sending = await this.services.send(Subjects.content.adminNewsletterIssueSend, request);
    await this.audit.record(operator, 'newsletter.send', String(sending.id), { subject: request.subject, recipients: sending.recipients });
    return sending;
  }

  /** Mails an unfinished issue to the subscribers who have not had it (each gets it once); 409 once it went to everyone. */
  @HttpCode(200)
  @Post('newsletter/issues/:id/resume')
  async resumeNewsletterIssue(@Operator() operator: AdminActor, @Param('id', new StoredIdPipe('No such newsletter issue')) id: number): Promise<AdminNewsletterSending> {
    const sending = await this.services.send(Subjects.content.adminNewsletterIssueResume, { ...operator, id } satisfies AdminNewsletterResumeRequest);
    await this.audit.record(operator, 'newsletter.resume', String(id), { recipients: sending.recipients });
    return sending;
  }

  @Get('audit')
  async auditLog(@Query() query: AdminAuditQuery): Promise<AdminAuditEntry[]> {
    const entries = await this.audit.list(query.limit ?? 100, query.before);
    const names = await this.userNames(entries.filter((entry) => USER_TARGET_ACTIONS.has(entry.action)).map((entry) => entry.target));
    return entries.map((entry) => {
      const targetName = USER_TARGET_ACTIONS.has(entry.action) ? names.get(entry.target.toLowerCase()) : undefined;
      return targetName ? { ...entry, targetName } : entry;
    });
  }

  /**
   * The names (username, else e-mail) of these users, by lower-case id, in one request to auth. A user
   * whose account is gone has none; if auth cannot answer, none has, and the console shows the ids.
   */
  private async userNames(userIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds.filter((id) => isUUID(id)).map((id) => id.toLowerCase()))].slice(0, ADMIN_USER_IDS_MAX);
    if (ids.length === 0) return new Map();
    try {
      const users = await this.services.send(Subjects.auth.adminUsersSearch, { query: '', ids } satisfies AdminUserSearchRequest);
      const wanted = new Set(ids);
      return new Map(users.filter((user) => wanted.has(user.id)).map((user) => [user.id, adminUserName(user)] as const).filter(([, name]) => name !== ''));
    } catch {
      return new Map();
    }
  }

  private searchUsers(query: string, limit: number): Promise<AdminUserSummary[]> {
    return this.services.send(Subjects.auth.adminUsersSearch, { query: query.trim(), limit } satisfies AdminUserSearchRequest);
  }

  private async findUser(userId: string): Promise<AdminUserSummary> {
    const [user] = (await this.searchUsers(userId, 1)).filter((found) => found.id === userId.toLowerCase());
    if (!user) throw new NotFoundException('No such user');
    return user;
  }
}

/** The job with its user's name, when auth knows it. */
function withUserName<Job extends { userId: string }>(job: Job, names: Map<string, string>): Job & { userName?: string } {
  const userName = names.get(job.userId.toLowerCase());
  return userName ? { ...job, userName } : job;
}
