/**
 * What travels on each request/reply subject: the one source of the NATS contracts. The JSON
 * Schemas in libs/contracts/schemas/nats/ are generated from `SubjectContracts` (tools/contracts),
 * `npm test` refuses a change to a published `.vN` that an older caller or service would not
 * understand, and the integration tests check every request and reply against them
 * (ARCHITECTURE.md, "NATS contracts").
 */
import type {
  AdminBillingAccount, AdminCreditAdjustmentRequest, AdminGalleryReport, AdminJobDetail, AdminJobList, AdminJobListRequest, AdminPost,
  AdminPostBody, AdminPostList, AdminQueueState, AdminUserSearchRequest, AdminUserSummary, AdminModerationDecisionRequest, AdminModerationDecisionResult,
  AdminNewsletterIssueList, AdminNewsletterResumeRequest, AdminNewsletterSending, AdminNewsletterSendRequest,
} from './admin';
import type { ApiKeyIdentity, ApiKeyRevoked, ApiKeySummary, CreateApiKeyRequest, CreatedApiKey, RevokeApiKeyRequest, VerifyApiKeyRequest } from './api-keys';
import type { DeletedAnswer } from './api-routes';
import type { AuthUser, DeleteUserDataRequest, DeletionStarted, FingerprintKept, GetUserRequest, UpsertUserRequest } from './auth';
import type {
  Account, CarryFreeUsedRequest, CheckoutStart, ConsumeQuotaRequest, CreateCustomerResponse, CreditRequest, CreditSource, FreeGenerationsUsed, FreeUsedCarried,
  GetAccountRequest, Plan, PurchaseRequest, QuotaConsumed, Reservation, ReservationStatus, StartPackPurchaseRequest, StartSubscriptionRequest, StripeConfig, StripeWebhookRequest,
  StripeWebhookResult,
} from './billing';
import type {
  BlogPostDetail, GetPostRequest, ListPostsRequest, ListPostsResponse, NewsletterSubscribeRequest, NewsletterSubscribeResponse,
} from './content';
import { JOB_PROGRESS_EVENT, JOB_STOP_EVENT } from './generation';
import type {
  Actor, AudioResponse, InfluencerImageRequest, InfluencerImageResponse, InfluencerAppealRequest, InfluencerProject, InfluencerPublishRequest, InfluencerReportRequest,
  InfluencerVideoRequest, JobStopEvent, JobState, ListProjectsRequest, PipelineRequest, Project, ProviderWebhookRequest, SampleVideos, ScriptResponse,
  UploadCheckRequest, UserAudioRequest, UserInfluencerRequest, UserJobRequest, UserLipSyncRequest, UserProjectRequest, UserScriptRequest,
} from './generation';
import type { FaceCheckAnswer, FaceCheckRequest } from './face-check';
import type { PingResponse } from './health';
import type {
  MailOutcome, MailPreferences, MailPreferencesUpdate, NewsletterConfirmed, NewsletterTokenRequest, NewsletterUnsubscribed,
  PaymentMailRequest, VideoReadyMailRequest, WebhookDisabledMailRequest,
} from './mail';
import type { RemoteHistory, RemoteHistoryRequest, RemoteLiveVersion, RemoteLiveVersions, RemotePublishRequest, RemoteReleaseRequest, RemoteRollbackRequest } from './remote-releases';
import { SERVICE_NAMES } from './services';
import { pingSubject, Subjects } from './subjects';
import type { CanceledVideo, CreateVideoRequest, ListVideosRequest, UserVideoRequest, Video, VideoList } from './videos';
import type { Batch, BatchList, CreateBatchRequest, ListBatchesRequest, RetryBatchRowRequest, UserBatchRequest } from './batches';
import type { VoiceSampleRequest, VoiceSampleResponse } from './voices';
import type {
  CreatedWebhookEndpoint, CreateWebhookEndpointRequest, WebhookDeliveriesRequest, WebhookDelivery, WebhookDeliveryRequest, WebhookEndpoint,
  WebhookEndpointRequest, WebhookSigningSecret,
} from './webhooks';

/** A request that carries nothing (a list, a ping). */
export type EmptyRequest = Record<string, never>;

/** A request about one user. */
export interface UserRequest {
  userId: string;
}

/** A request about one job, whoever owns it (billing's reservations, the operator console). */
export interface JobRequest {
  jobId: string;
}

/** `generation.gallery.list.v1`: `userId` null for a visitor (no own influencers marked). */
export interface GalleryListRequest {
  userId: string | null;
}

export interface UserPipelineRequest extends PipelineRequest {
  userId: string;
}

export interface UserInfluencerImageRequest extends InfluencerImageRequest {
  userId: string;
}

export interface UserInfluencerVideoRequest extends InfluencerVideoRequest {
  userId: string;
}

export interface AdminPostIdRequest {
  id: number;
}

export interface AdminPostUpdateRequest extends AdminPostBody {
  id: number;
}

/** A job's credit reservation as billing holds it, or null when it has none. */
export type AdminReservation = { status: ReservationStatus; source: CreditSource } | null;

export type AdminJobDetailWithoutReservation = Omit<AdminJobDetail, 'reservation'>;

/**
 * Every request/reply subject with what its caller sends and what the service answers. A subject
 * missing here fails the type-check (subject-contracts.spec.ts) and the contract tests.
 */
export interface SubjectContracts {
  'auth.health.ping.v1': { request: EmptyRequest; reply: PingResponse };
  'auth.user.upsert.v1': { request: UpsertUserRequest; reply: AuthUser };
  'auth.user.get.v1': { request: GetUserRequest; reply: AuthUser };
  'auth.user.delete.v1': { request: DeleteUserDataRequest; reply: DeletedAnswer };
  'auth.user.deletionStart.v1': { request: DeleteUserDataRequest; reply: DeletionStarted };
  'auth.user.fingerprintKeep.v1': { request: DeleteUserDataRequest; reply: FingerprintKept };
  'auth.admin.users.search.v1': { request: AdminUserSearchRequest; reply: AdminUserSummary[] };
  'auth.apiKeys.create.v1': { request: CreateApiKeyRequest; reply: CreatedApiKey };
  'auth.apiKeys.list.v1': { request: UserRequest; reply: ApiKeySummary[] };
  'auth.apiKeys.revoke.v1': { request: RevokeApiKeyRequest; reply: ApiKeyRevoked };
  'auth.apiKeys.verify.v1': { request: VerifyApiKeyRequest; reply: ApiKeyIdentity };

  'billing.health.ping.v1': { request: EmptyRequest; reply: PingResponse };
  'billing.account.get.v1': { request: GetAccountRequest; reply: Account };
  'billing.account.delete.v1': { request: GetAccountRequest; reply: DeletedAnswer };
  'billing.account.freeUsed.v1': { request: GetAccountRequest; reply: FreeGenerationsUsed };
  'billing.account.carryFreeUsed.v1': { request: CarryFreeUsedRequest; reply: FreeUsedCarried };
  'billing.plans.list.v1': { request: EmptyRequest; reply: Plan[] };
  'billing.credits.check.v1': { request: UserRequest; reply: { available: true } };
  'billing.credits.reserve.v1': { request: CreditRequest; reply: Reservation };
  'billing.credits.commit.v1': { request: JobRequest; reply: Reservation };
  'billing.credits.release.v1': { request: JobRequest; reply: Reservation };
  'billing.quota.consume.v1': { request: ConsumeQuotaRequest; reply: QuotaConsumed };
  'billing.stripe.config.v1': { request: EmptyRequest; reply: StripeConfig };
  'billing.customer.create.v1': { request: PurchaseRequest; reply: CreateCustomerResponse };
  'billing.subscription.create.v1': { request: StartSubscriptionRequest; reply: CheckoutStart };
  'billing.subscription.sync.v1': { request: UserRequest; reply: Account };
  'billing.subscription.cancel.v1': { request: UserRequest; reply: Account };
  'billing.pack.checkout.v1': { request: StartPackPurchaseRequest; reply: CheckoutStart };
  'billing.stripe.webhook.v1': { request: StripeWebhookRequest; reply: StripeWebhookResult };
  'billing.admin.account.get.v1': { request: UserRequest; reply: AdminBillingAccount };
  'billing.admin.credits.adjust.v1': { request: AdminCreditAdjustmentRequest; reply: AdminBillingAccount };
  'billing.admin.reservation.get.v1': { request: JobRequest; reply: AdminReservation };

  'content.health.ping.v1': { request: EmptyRequest; reply: PingResponse };
  'content.posts.list.v1': { request: ListPostsRequest; reply: ListPostsResponse };
  'content.posts.get.v1': { request: GetPostRequest; reply: BlogPostDetail };
  'content.newsletter.subscribe.v1': { request: NewsletterSubscribeRequest; reply: NewsletterSubscribeResponse };
  'content.newsletter.confirm.v1': { request: NewsletterTokenRequest; reply: NewsletterConfirmed };
  'content.newsletter.unsubscribe.v1': { request: NewsletterTokenRequest; reply: NewsletterUnsubscribed };
  'content.mail.videoReady.v1': { request: VideoReadyMailRequest; reply: MailOutcome };
  'content.mail.paymentConfirmed.v1': { request: PaymentMailRequest; reply: MailOutcome };
  'content.mail.webhookDisabled.v1': { request: WebhookDisabledMailRequest; reply: MailOutcome };
  'content.mail.preferences.get.v1': { request: UserRequest; reply: MailPreferences };
  'content.mail.preferences.set.v1': { request: MailPreferencesUpdate; reply: MailPreferences };
  'content.user.delete.v1': { request: DeleteUserDataRequest; reply: DeletedAnswer };

  'content.admin.posts.list.v1': { request: EmptyRequest; reply: AdminPostList };
  'content.admin.post.get.v1': { request: AdminPostIdRequest; reply: AdminPost };
  'content.admin.post.create.v1': { request: AdminPostBody; reply: AdminPost };
  'content.admin.post.update.v1': { request: AdminPostUpdateRequest; reply: AdminPost };
  'content.admin.newsletter.issues.list.v1': { request: EmptyRequest; reply: AdminNewsletterIssueList };
  'content.admin.newsletter.issues.send.v1': { request: AdminNewsletterSendRequest; reply: AdminNewsletterSending };
  'content.admin.newsletter.issues.resume.v1': { request: AdminNewsletterResumeRequest; reply: AdminNewsletterSending };
  'content.remotes.publish.v1': { request: RemotePublishRequest; reply: RemoteHistory };
  'content.remotes.release.v1': { request: RemoteReleaseRequest; reply: RemoteLiveVersion };
  'content.remotes.rollback.v1': { request: RemoteRollbackRequest; reply: RemoteLiveVersion };
  'content.remotes.live.v1': { request: EmptyRequest; reply: RemoteLiveVersions };
  'content.remotes.history.v1': { request: RemoteHistoryRequest; reply: RemoteHistory };

  'generation.health.ping.v1': { request: EmptyRequest; reply: PingResponse };
  'generation.actors.list.v1': { request: EmptyRequest; reply: Actor[] };
  'generation.samples.list.v1': { request: EmptyRequest; reply: SampleVideos };
  'generation.voices.list.v1': { request: EmptyRequest; reply: string[] };
  'generation.voices.sample.v1': { request: VoiceSampleRequest; reply: VoiceSampleResponse };
  'generation.audio.create.v1': { request: UserAudioRequest; reply: AudioResponse };
  'generation.script.write.v1': { request: UserScriptRequest; reply: ScriptResponse };
  'generation.lipsync.start.v1': { request: UserLipSyncRequest; reply: JobState };
  'generation.job.get.v1': { request: UserJobRequest; reply: JobState };
  'generation.job.cancel.v1': { request: UserJobRequest; reply: JobState };
  'generation.projects.list.v1': { request: ListProjectsRequest; reply: Project[] };
  'generation.project.delete.v1': { request: UserProjectRequest; reply: DeletedAnswer };
  'generation.influencer.image.create.v1': { request: UserInfluencerImageRequest; reply: InfluencerImageResponse };
  'generation.influencer.video.start.v1': { request: UserInfluencerVideoRequest; reply: JobState };
  'generation.uploads.check.v1': { request: UploadCheckRequest; reply: { allowed: true } };
  'generation.faces.check.v1': { request: FaceCheckRequest; reply: FaceCheckAnswer };
  'generation.influencers.list.v1': { request: UserRequest; reply: InfluencerProject[] };
  'generation.influencer.get.v1': { request: UserInfluencerRequest; reply: InfluencerProject };
  'generation.influencer.approve.v1': { request: InfluencerPublishRequest; reply: InfluencerProject };
  'generation.influencer.delete.v1': { request: UserInfluencerRequest; reply: DeletedAnswer };
  'generation.influencer.appeal.v1': { request: InfluencerAppealRequest; reply: InfluencerProject };
  'generation.gallery.list.v1': { request: GalleryListRequest; reply: InfluencerProject[] };
  'generation.gallery.report.v1': { request: InfluencerReportRequest; reply: { reported: true } };
  'generation.user.delete.v1': { request: DeleteUserDataRequest; reply: DeletedAnswer };
  'generation.pipeline.start.v1': { request: UserPipelineRequest; reply: JobState };
  'generation.pipeline.current.v1': { request: UserRequest; reply: JobState | null };
  'generation.provider.webhook.v1': { request: ProviderWebhookRequest; reply: { received: true } };
  'generation.admin.queue.get.v1': { request: EmptyRequest; reply: AdminQueueState };
  'generation.admin.jobs.list.v1': { request: AdminJobListRequest; reply: AdminJobList };
  'generation.admin.job.get.v1': { request: JobRequest; reply: AdminJobDetailWithoutReservation };
  'generation.admin.job.cancel.v1': { request: JobRequest; reply: JobState };
  'generation.admin.job.retry.v1': { request: JobRequest; reply: JobState };
  'generation.admin.gallery.reports.list.v1': { request: EmptyRequest; reply: AdminGalleryReport[] };
  'generation.admin.gallery.decide.v1': { request: AdminModerationDecisionRequest; reply: AdminModerationDecisionResult };
  'generation.webhooks.endpoints.create.v1': { request: CreateWebhookEndpointRequest; reply: CreatedWebhookEndpoint };
  'generation.webhooks.endpoints.list.v1': { request: UserRequest; reply: WebhookEndpoint[] };
  'generation.webhooks.endpoints.delete.v1': { request: WebhookEndpointRequest; reply: DeletedAnswer };
  'generation.webhooks.endpoints.enable.v1': { request: WebhookEndpointRequest; reply: WebhookEndpoint };
  'generation.webhooks.deliveries.list.v1': { request: WebhookDeliveriesRequest; reply: WebhookDelivery[] };
  'generation.webhooks.deliveries.redeliver.v1': { request: WebhookDeliveryRequest; reply: WebhookDelivery };
  'generation.webhooks.secret.get.v1': { request: UserRequest; reply: WebhookSigningSecret };
  'generation.videos.create.v1': { request: CreateVideoRequest; reply: Video };
  'generation.videos.get.v1': { request: UserVideoRequest; reply: Video };
  'generation.videos.list.v1': { request: ListVideosRequest; reply: VideoList };
  'generation.videos.cancel.v1': { request: UserVideoRequest; reply: CanceledVideo };
  'generation.batches.create.v1': { request: CreateBatchRequest; reply: Batch };
  'generation.batches.get.v1': { request: UserBatchRequest; reply: Batch };
  'generation.batches.list.v1': { request: ListBatchesRequest; reply: BatchList };
  'generation.batches.row.retry.v1': { request: RetryBatchRowRequest; reply: Batch };
}

export type ContractSubject = keyof SubjectContracts;
export type SubjectRequest<S extends ContractSubject> = SubjectContracts[S]['request'];
export type SubjectReply<S extends ContractSubject> = SubjectContracts[S]['reply'];

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Every request/reply subject declared in subjects.ts (the readiness pings included). */
export type DeclaredSubject = Leaves<typeof Subjects> | ReturnType<typeof pingSubject>;

/** The request/reply subjects of subjects.ts at run time, to check the contracts cover them all. */
export function declaredSubjects(): string[] {
  const leaves = (value: object): string[] => Object.values(value).flatMap((entry: unknown) => (typeof entry === 'string' ? [entry] : leaves(entry as object)));
  return [...SERVICE_NAMES.map(pingSubject), ...leaves(Subjects)];
}

/**
 * What each event carries: published to any number of subscribers, with no reply. The key is the
 * event's subject or, for a family with one subject per job (`<key>.<jobId>`), its stem. The
 * publisher writes it and every subscriber reads it, so its schema file holds it as the reply (the
 * request is `null`) and it changes under the rules of a reply.
 */
export interface EventContracts {
  'generation.job.progressed.v1': JobState;
  'generation.job.stop.v1': JobStopEvent;
}

/** Every event of the contracts at run time (the type-check keeps it equal to `EventContracts`). */
export const DECLARED_EVENTS = [JOB_PROGRESS_EVENT, JOB_STOP_EVENT] as const;

/** The contract a subject is checked against: its own, or its event family's (`generation.job.progressed.v1.<jobId>`). */
export function contractSubjectOf(subject: string): string {
  const stem = subject.slice(0, subject.lastIndexOf('.'));
  return (DECLARED_EVENTS as readonly string[]).includes(stem) ? stem : subject;
}
