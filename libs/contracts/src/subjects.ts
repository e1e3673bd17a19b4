/**
 * The NATS subjects, each declared once with what travels on it: `<service>.<entity>.<verb>.v<N>`
 * for request/reply (`subject<Request, Reply>()`), past tense for events (`event<Payload>()`). The
 * one table every service and the gateway use, and the source of the JSON Schemas in
 * libs/contracts/schemas/nats/ (tools/contracts); a new message starts here (ARCHITECTURE.md,
 * "NATS contracts").
 */
import type {
  AdminBillingAccount, AdminCreditAdjustmentRequest, AdminGalleryReport, AdminJobDetail, AdminJobList, AdminJobListRequest, AdminPost,
  AdminPostBody, AdminPostList, AdminQueueState, AdminUserSearchRequest, AdminUserSummary, AdminModerationDecisionRequest, AdminModerationDecisionResult,
  AdminNewsletterIssueList, AdminNewsletterResumeRequest, AdminNewsletterSending, AdminNewsletterSendRequest,
} from './admin';
import type { ApiKeyRevoked, ApiKeysInvalidated, ApiKeySummary, CreateApiKeyRequest, CreatedApiKey, RevokeApiKeyRequest, VerifiedApiKey, VerifyApiKeyRequest } from './api-keys';
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
import type {
  Actor, AudioResponse, AudioUploadAnswer, AudioUploadRequest, InfluencerImageRequest, InfluencerImageResponse, InfluencerAppealRequest, InfluencerProject, InfluencerPublishRequest, InfluencerReportRequest,
  InfluencerVideoRequest, JobStopEvent, JobState, ListProjectsRequest, PipelineRequest, Project, ProviderWebhookRequest, SampleVideos, ScriptResponse,
  UploadCheckRequest, UserAudioRequest, UserInfluencerRequest, UserJobRequest, UserLipSyncRequest, UserProjectRequest, UserScriptRequest,
} from './generation';
import type { FaceCheckAnswer, FaceCheckRequest } from './face-check';
import type { CreateOwnActorRequest, LikenessConsentRecord, OwnActor, OwnActorListReply, OwnActorRequest } from './own-actors';
import type { PingResponse } from './health';
import type {
  MailOutcome, MailPreferences, MailPreferencesUpdate, NewsletterConfirmed, NewsletterTokenRequest, NewsletterUnsubscribed,
  PaymentMailRequest, VideoReadyMailRequest, WebhookDisabledMailRequest,
} from './mail';
import type { RemoteHistory, RemoteHistoryRequest, RemoteLiveVersion, RemoteLiveVersions, RemotePublishRequest, RemoteReleaseRequest, RemoteRollbackRequest } from './remote-releases';
import type { ServiceName } from './services';
import type { CanceledVideo, CreateVideoRequest, ListVideosRequest, UserVideoRequest, Video, VideoList } from './videos';
import type { CreatedRevision, CreateRevisionRequest, ListRevisionsRequest, VideoRevisions } from './revisions';
import type { RenameProjectRequest } from './projects';
import type { Batch, BatchList, CreateBatchRequest, ListBatchesRequest, RetryBatchRowRequest, UserBatchRequest } from './batches';
import type { ClonedVoice, ClonedVoiceRequest, CloneVoiceRequest, OwnVoiceList, VoiceSampleRequest, VoiceSampleResponse } from './voices';
import type {
  CreatedWebhookEndpoint, CreateWebhookEndpointRequest, WebhookDeliveriesRequest, WebhookDelivery, WebhookDeliveryRequest, WebhookEndpoint,
  WebhookEndpointRequest, WebhookSigningSecret,
} from './webhooks';
import { event, eventFor, subject } from './typed-subject';

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

/** The request/reply subjects, under the service that answers them. */
export const Subjects = {
  auth: {
    /** `{}` → `PingResponse`; the gateway's readiness check. */
    ping: subject<EmptyRequest, PingResponse>()('auth.health.ping.v1'),
    userUpsert: subject<UpsertUserRequest, AuthUser>()('auth.user.upsert.v1'),
    userGet: subject<GetUserRequest, AuthUser>()('auth.user.get.v1'),
    /** `{userId}` → `{deleted: true}`: the user's identity goes (account deletion). */
    userDelete: subject<DeleteUserDataRequest, DeletedAnswer>()('auth.user.delete.v1'),
    /** `{userId}` → `{deleting: true}`: the first step of account deletion; the user's API keys and sign-ins are refused from then on. */
    userDeletionStart: subject<DeleteUserDataRequest, DeletionStarted>()('auth.user.deletionStart.v1'),
    /** `{userId}` → `{kept: true}`: account deletion keeps a keyed hash of the identity with its free generations used (asked of billing); nothing else of the person. */
    userFingerprintKeep: subject<DeleteUserDataRequest, FingerprintKept>()('auth.user.fingerprintKeep.v1'),
    /** Operator console: `AdminUserSearchRequest` → `AdminUserSummary[]` (username or e-mail contains the query). */
    adminUsersSearch: subject<AdminUserSearchRequest, AdminUserSummary[]>()('auth.admin.users.search.v1'),
    /** `CreateApiKeyRequest` → `CreatedApiKey` (the key shown once); `CONFLICT` past `MAX_API_KEYS_PER_USER`. */
    apiKeysCreate: subject<CreateApiKeyRequest, CreatedApiKey>()('auth.apiKeys.create.v1'),
    /** `{userId}` → `ApiKeySummary[]`: the user's keys that are not revoked, newest first. */
    apiKeysList: subject<UserRequest, ApiKeySummary[]>()('auth.apiKeys.list.v1'),
    /** `RevokeApiKeyRequest` → `{revoked: true}`; `NOT_FOUND` for a key that is not the user's. */
    apiKeysRevoke: subject<RevokeApiKeyRequest, ApiKeyRevoked>()('auth.apiKeys.revoke.v1'),
    /** `VerifyApiKeyRequest` → `VerifiedApiKey`, or `UNAUTHENTICATED` (unknown, revoked, expired); records the last use. */
    apiKeysVerify: subject<VerifyApiKeyRequest, VerifiedApiKey>()('auth.apiKeys.verify.v1'),
  },
  billing: {
    /** `{}` → `PingResponse`; the gateway's readiness check. */
    ping: subject<EmptyRequest, PingResponse>()('billing.health.ping.v1'),
    accountGet: subject<GetAccountRequest, Account>()('billing.account.get.v1'),
    /** `{userId}` → `{deleted: true}`: subscriptions ended at once, ledger rows kept under an anonymous id (account deletion). */
    accountDelete: subject<GetAccountRequest, DeletedAnswer>()('billing.account.delete.v1'),
    /** From auth: `{userId}` → `FreeGenerationsUsed` (free generations reserved or committed, those carried over included). */
    accountFreeUsed: subject<GetAccountRequest, FreeGenerationsUsed>()('billing.account.freeUsed.v1'),
    /** From auth: `CarryFreeUsedRequest` → `{carried: true}`: a returning identity's new account starts with the free generations its deleted one used. */
    accountCarryFreeUsed: subject<CarryFreeUsedRequest, FreeUsedCarried>()('billing.account.carryFreeUsed.v1'),
    plansList: subject<EmptyRequest, Plan[]>()('billing.plans.list.v1'),
    /** `{userId}` → `{available: true}`, or PAYMENT_REQUIRED as a reserve would answer; reserves nothing. */
    creditsCheck: subject<UserRequest, { available: true }>()('billing.credits.check.v1'),
    creditsReserve: subject<CreditRequest, Reservation>()('billing.credits.reserve.v1'),
    creditsCommit: subject<JobRequest, Reservation>()('billing.credits.commit.v1'),
    creditsRelease: subject<JobRequest, Reservation>()('billing.credits.release.v1'),
    quotaConsume: subject<ConsumeQuotaRequest, QuotaConsumed>()('billing.quota.consume.v1'),
    stripeConfig: subject<EmptyRequest, StripeConfig>()('billing.stripe.config.v1'),
    customerCreate: subject<PurchaseRequest, CreateCustomerResponse>()('billing.customer.create.v1'),
    subscriptionCreate: subject<StartSubscriptionRequest, CheckoutStart>()('billing.subscription.create.v1'),
    subscriptionSync: subject<UserRequest, Account>()('billing.subscription.sync.v1'),
    subscriptionCancel: subject<UserRequest, Account>()('billing.subscription.cancel.v1'),
    packCheckout: subject<StartPackPurchaseRequest, CheckoutStart>()('billing.pack.checkout.v1'),
    stripeWebhook: subject<StripeWebhookRequest, StripeWebhookResult>()('billing.stripe.webhook.v1'),
    /** Operator console: `{userId}` → `AdminBillingAccount` (plan, credits, reservations, purchases, ledger). */
    adminAccountGet: subject<UserRequest, AdminBillingAccount>()('billing.admin.account.get.v1'),
    /** Operator console: `AdminCreditAdjustmentRequest` → `AdminBillingAccount`; a ledger entry with the operator and reason. */
    adminCreditsAdjust: subject<AdminCreditAdjustmentRequest, AdminBillingAccount>()('billing.admin.credits.adjust.v1'),
    /** Operator console: `{jobId}` → the job's reservation `{status, source}` or null. */
    adminReservationGet: subject<JobRequest, AdminReservation>()('billing.admin.reservation.get.v1'),
  },
  content: {
    /** `{}` → `PingResponse`; the gateway's readiness check. */
    ping: subject<EmptyRequest, PingResponse>()('content.health.ping.v1'),
    postsList: subject<ListPostsRequest, ListPostsResponse>()('content.posts.list.v1'),
    postsGet: subject<GetPostRequest, BlogPostDetail>()('content.posts.get.v1'),
    newsletterSubscribe: subject<NewsletterSubscribeRequest, NewsletterSubscribeResponse>()('content.newsletter.subscribe.v1'),
    /** `NewsletterTokenRequest` → `NewsletterConfirmed` (double opt-in); `NOT_FOUND` for an unknown token. */
    newsletterConfirm: subject<NewsletterTokenRequest, NewsletterConfirmed>()('content.newsletter.confirm.v1'),
    /** `NewsletterTokenRequest` → `NewsletterUnsubscribed`; an unknown token (already unsubscribed) is a success too. */
    newsletterUnsubscribe: subject<NewsletterTokenRequest, NewsletterUnsubscribed>()('content.newsletter.unsubscribe.v1'),
    /** From generation: `VideoReadyMailRequest` → `MailOutcome` (mail.ts). */
    mailVideoReady: subject<VideoReadyMailRequest, MailOutcome>()('content.mail.videoReady.v1'),
    /** From billing: `PaymentMailRequest` → `MailOutcome`. */
    mailPaymentConfirmed: subject<PaymentMailRequest, MailOutcome>()('content.mail.paymentConfirmed.v1'),
    /** From generation: `WebhookDisabledMailRequest` → `MailOutcome`: a webhook endpoint was disabled after failed deliveries in a row. */
    mailWebhookDisabled: subject<WebhookDisabledMailRequest, MailOutcome>()('content.mail.webhookDisabled.v1'),
    /** `{userId}` → `MailPreferences`. */
    mailPreferencesGet: subject<UserRequest, MailPreferences>()('content.mail.preferences.get.v1'),
    /** `MailPreferencesUpdate` → `MailPreferences`. */
    mailPreferencesSet: subject<MailPreferencesUpdate, MailPreferences>()('content.mail.preferences.set.v1'),
    /** `{userId}` → `{deleted: true}`: the user's mail preferences go (account deletion). */
    userDelete: subject<DeleteUserDataRequest, DeletedAnswer>()('content.user.delete.v1'),
    /** Operator console: `{}` → `AdminPostList` (drafts, scheduled and published). */
    adminPostsList: subject<EmptyRequest, AdminPostList>()('content.admin.posts.list.v1'),
    /** Operator console: `{id}` → `AdminPost`. */
    adminPostGet: subject<AdminPostIdRequest, AdminPost>()('content.admin.post.get.v1'),
    /** Operator console: `AdminPostBody` → `AdminPost`; `CONFLICT` for a slug in use. */
    adminPostCreate: subject<AdminPostBody, AdminPost>()('content.admin.post.create.v1'),
    /** Operator console: `AdminPostBody & {id}` → `AdminPost`. */
    adminPostUpdate: subject<AdminPostUpdateRequest, AdminPost>()('content.admin.post.update.v1'),
    /** Operator console: `{}` → `AdminNewsletterIssueList` (newest first, with the confirmed subscribers). */
    adminNewsletterIssuesList: subject<EmptyRequest, AdminNewsletterIssueList>()('content.admin.newsletter.issues.list.v1'),
    /** Operator console: `AdminNewsletterSendRequest` → `AdminNewsletterSending`; the issue is stored and mailed in the background. */
    adminNewsletterIssueSend: subject<AdminNewsletterSendRequest, AdminNewsletterSending>()('content.admin.newsletter.issues.send.v1'),
    /** Operator console: `AdminNewsletterResumeRequest` → `AdminNewsletterSending` (the subscribers not mailed yet); `CONFLICT` once finished. */
    adminNewsletterIssueResume: subject<AdminNewsletterResumeRequest, AdminNewsletterSending>()('content.admin.newsletter.issues.resume.v1'),
    /** Remote registry (remote-releases.ts): `RemotePublishRequest` → `RemoteHistory`; `CONFLICT` for a version already published. */
    remotePublish: subject<RemotePublishRequest, RemoteHistory>()('content.remotes.publish.v1'),
    /** `RemoteReleaseRequest` → `RemoteLiveVersion`; `NOT_FOUND` for a version never published. */
    remoteRelease: subject<RemoteReleaseRequest, RemoteLiveVersion>()('content.remotes.release.v1'),
    /** `RemoteRollbackRequest` → `RemoteLiveVersion` (the release before the live one); `CONFLICT` when there is none. */
    remoteRollback: subject<RemoteRollbackRequest, RemoteLiveVersion>()('content.remotes.rollback.v1'),
    /** `{}` → `RemoteLiveVersions`: what `/remotes.json` points at. */
    remotesLive: subject<EmptyRequest, RemoteLiveVersions>()('content.remotes.live.v1'),
    /** `RemoteHistoryRequest` → `RemoteHistory`. */
    remoteHistory: subject<RemoteHistoryRequest, RemoteHistory>()('content.remotes.history.v1'),
  },
  generation: {
    /** `{}` → `PingResponse`; the gateway's readiness check. */
    ping: subject<EmptyRequest, PingResponse>()('generation.health.ping.v1'),
    actorsList: subject<EmptyRequest, Actor[]>()('generation.actors.list.v1'),
    samplesList: subject<EmptyRequest, SampleVideos>()('generation.samples.list.v1'),
    voicesList: subject<EmptyRequest, string[]>()('generation.voices.list.v1'),
    /** `VoiceSampleRequest` → `VoiceSampleResponse`: a voice's sample, synthesised once and kept in the store. */
    voiceSample: subject<VoiceSampleRequest, VoiceSampleResponse>()('generation.voices.sample.v1'),
    /** `CloneVoiceRequest` → `ClonedVoice`: the creator's uploaded recording (10-60 s) cloned at the provider as their private voice, the voice consent recorded; `CONFLICT` on the embedded defaults. */
    voiceClone: subject<CloneVoiceRequest, ClonedVoice>()('generation.voices.clone.v1'),
    /** `{userId}` → `OwnVoiceList`: the creator's cloned voices, and whether cloning is available here. */
    ownVoicesList: subject<UserRequest, OwnVoiceList>()('generation.voices.own.list.v1'),
    /** `ClonedVoiceRequest` → `DeletedAnswer`: the voice is forgotten (Replicate offers no deletion: MiniMax drops it after 7 days unused). */
    ownVoiceDelete: subject<ClonedVoiceRequest, DeletedAnswer>()('generation.voices.own.delete.v1'),
    audioCreate: subject<UserAudioRequest, AudioResponse>()('generation.audio.create.v1'),
    /** `AudioUploadRequest` → `AudioUploadAnswer`: a creator's recording checked, kept as the MP3 speech of a lip-sync with its word timings, their voice consent recorded. */
    audioUpload: subject<AudioUploadRequest, AudioUploadAnswer>()('generation.audio.upload.v1'),
    scriptWrite: subject<UserScriptRequest, ScriptResponse>()('generation.script.write.v1'),
    lipsyncStart: subject<UserLipSyncRequest, JobState>()('generation.lipsync.start.v1'),
    jobGet: subject<UserJobRequest, JobState>()('generation.job.get.v1'),
    jobCancel: subject<UserJobRequest, JobState>()('generation.job.cancel.v1'),
    projectsList: subject<ListProjectsRequest, Project[]>()('generation.projects.list.v1'),
    projectDelete: subject<UserProjectRequest, DeletedAnswer>()('generation.project.delete.v1'),
    projectRename: subject<RenameProjectRequest, Project>()('generation.project.rename.v1'),
    influencerImageCreate: subject<UserInfluencerImageRequest, InfluencerImageResponse>()('generation.influencer.image.create.v1'),
    influencerVideoStart: subject<UserInfluencerVideoRequest, JobState>()('generation.influencer.video.start.v1'),
    /** Before the gateway stores an upload: may this user start a clip from it (credits, storage)? */
    uploadCheck: subject<UploadCheckRequest, { allowed: true }>()('generation.uploads.check.v1'),
    /** `FaceCheckRequest` → `FaceCheckAnswer`: the face check of a chosen picture, before any generation (nothing charged or kept). */
    facesCheck: subject<FaceCheckRequest, FaceCheckAnswer>()('generation.faces.check.v1'),
    /** `CreateOwnActorRequest` → `OwnActor`: an uploaded clip checked (face, motion, length, size) and kept as the user's own actor, with their consent recorded; nothing charged. */
    ownActorCreate: subject<CreateOwnActorRequest, OwnActor>()('generation.actors.own.create.v1'),
    ownActorsList: subject<UserRequest, OwnActorListReply>()('generation.actors.own.list.v1'),
    /** `OwnActorRequest` → `DeletedAnswer`: the actor and its clip go; videos made from it stay, with the consent record they point to. */
    ownActorDelete: subject<OwnActorRequest, DeletedAnswer>()('generation.actors.own.delete.v1'),
    /** `{userId}` → every consent the user gave for a face or a voice, newest first (their data export). */
    consentsList: subject<UserRequest, LikenessConsentRecord[]>()('generation.consents.list.v1'),
    influencersList: subject<UserRequest, InfluencerProject[]>()('generation.influencers.list.v1'),
    influencerGet: subject<UserInfluencerRequest, InfluencerProject>()('generation.influencer.get.v1'),
    influencerApprove: subject<InfluencerPublishRequest, InfluencerProject>()('generation.influencer.approve.v1'),
    influencerDelete: subject<UserInfluencerRequest, DeletedAnswer>()('generation.influencer.delete.v1'),
    /** `InfluencerAppealRequest` → `InfluencerProject`: the owner's one appeal of a review or removal. */
    influencerAppeal: subject<InfluencerAppealRequest, InfluencerProject>()('generation.influencer.appeal.v1'),
    galleryList: subject<GalleryListRequest, InfluencerProject[]>()('generation.gallery.list.v1'),
    galleryReport: subject<InfluencerReportRequest, { reported: true }>()('generation.gallery.report.v1'),
    /** `{userId}` → `{deleted: true}`: live jobs cancelled, every record and object of the user removed, community copies included (account deletion). */
    userDataDelete: subject<DeleteUserDataRequest, DeletedAnswer>()('generation.user.delete.v1'),
    pipelineStart: subject<UserPipelineRequest, JobState>()('generation.pipeline.start.v1'),
    pipelineCurrent: subject<UserRequest, JobState | null>()('generation.pipeline.current.v1'),
    /** A provider's signed webhook (`ProviderWebhookRequest`): a prediction a parked job waits on ended. */
    providerWebhook: subject<ProviderWebhookRequest, { received: true }>()('generation.provider.webhook.v1'),
    /** Operator console: `{}` → `AdminQueueState`. */
    adminQueueGet: subject<EmptyRequest, AdminQueueState>()('generation.admin.queue.get.v1'),
    /** Operator console: `AdminJobListRequest` → `AdminJobList`. */
    adminJobsList: subject<AdminJobListRequest, AdminJobList>()('generation.admin.jobs.list.v1'),
    /** Operator console: `{jobId}` → `AdminJobDetail` (without the reservation, which billing holds). */
    adminJobGet: subject<JobRequest, AdminJobDetailWithoutReservation>()('generation.admin.job.get.v1'),
    /** Operator console: `{jobId}` → `JobState`; the user's cancel, for any user's job. */
    adminJobCancel: subject<JobRequest, JobState>()('generation.admin.job.cancel.v1'),
    /** Operator console: `{jobId}` → `JobState` of a new job with the failed or cancelled job's input (a credit reserved again). */
    adminJobRetry: subject<JobRequest, JobState>()('generation.admin.job.retry.v1'),
    /** Operator console: `{}` → `AdminGalleryReport[]`. */
    adminGalleryReports: subject<EmptyRequest, AdminGalleryReport[]>()('generation.admin.gallery.reports.list.v1'),
    /** Operator console: `AdminModerationDecisionRequest` → `AdminModerationDecisionResult`: restored to the gallery or removed, with a reason. */
    adminGalleryDecide: subject<AdminModerationDecisionRequest, AdminModerationDecisionResult>()('generation.admin.gallery.decide.v1'),
    /** Webhooks (`webhooks.ts`): `CreateWebhookEndpointRequest` → `CreatedWebhookEndpoint` (its secret shown this once). */
    webhookEndpointCreate: subject<CreateWebhookEndpointRequest, CreatedWebhookEndpoint>()('generation.webhooks.endpoints.create.v1'),
    /** `{userId}` → `WebhookEndpoint[]`. */
    webhookEndpointsList: subject<UserRequest, WebhookEndpoint[]>()('generation.webhooks.endpoints.list.v1'),
    /** `WebhookEndpointRequest` → `{deleted: true}`; another user's is `NOT_FOUND`. */
    webhookEndpointDelete: subject<WebhookEndpointRequest, DeletedAnswer>()('generation.webhooks.endpoints.delete.v1'),
    /** `WebhookEndpointRequest` → `WebhookEndpoint`: enabled again (one disabled after failed deliveries), its count of failures reset; another user's is `NOT_FOUND`. */
    webhookEndpointEnable: subject<WebhookEndpointRequest, WebhookEndpoint>()('generation.webhooks.endpoints.enable.v1'),
    /** `WebhookDeliveriesRequest` → `WebhookDelivery[]` (newest first, with their attempts). */
    webhookDeliveriesList: subject<WebhookDeliveriesRequest, WebhookDelivery[]>()('generation.webhooks.deliveries.list.v1'),
    /** `WebhookDeliveryRequest` → `WebhookDelivery`: one more attempt queued now. */
    webhookRedeliver: subject<WebhookDeliveryRequest, WebhookDelivery>()('generation.webhooks.deliveries.redeliver.v1'),
    /** `{userId}` → `WebhookSigningSecret`: what signs deliveries to a request's own `webhook_url`. */
    webhookSigningSecret: subject<UserRequest, WebhookSigningSecret>()('generation.webhooks.secret.get.v1'),
    /** Public API videos (`videos.ts`): `CreateVideoRequest` → `Video`; the same idempotency key and body answer the same video; `IDEMPOTENCY_MISMATCH` for another body, `PAYMENT_REQUIRED` when no generation is left. */
    videoCreate: subject<CreateVideoRequest, Video>()('generation.videos.create.v1'),
    /** `UserVideoRequest` → `Video`; another user's is `NOT_FOUND`. */
    videoGet: subject<UserVideoRequest, Video>()('generation.videos.get.v1'),
    /** `ListVideosRequest` → `VideoList` (newest first, cursor pages). */
    videosList: subject<ListVideosRequest, VideoList>()('generation.videos.list.v1'),
    /** `UserVideoRequest` → `CanceledVideo`: a live video canceled (credit released), a finished one deleted with its media. */
    videoCancel: subject<UserVideoRequest, CanceledVideo>()('generation.videos.cancel.v1'),
    /** "Fix one sentence" (`revisions.ts`): `CreateRevisionRequest` → `CreatedRevision`; `VALIDATION` when the script does not change exactly one sentence, `CONFLICT` for a video that cannot be fixed now, `PAYMENT_REQUIRED` for a paid fix with no generation left. */
    revisionCreate: subject<CreateRevisionRequest, CreatedRevision>()('generation.revisions.create.v1'),
    /** `ListRevisionsRequest` → `VideoRevisions`: a video's versions and fixes; another user's is `NOT_FOUND`. */
    revisionsList: subject<ListRevisionsRequest, VideoRevisions>()('generation.revisions.list.v1'),
    /** Public API batches (`batches.ts`): `CreateBatchRequest` → `Batch` (per-row errors; `PAYMENT_REQUIRED` when the valid rows outnumber the generations left). */
    batchCreate: subject<CreateBatchRequest, Batch>()('generation.batches.create.v1'),
    /** `UserBatchRequest` → `Batch`; another user's is `NOT_FOUND`. */
    batchGet: subject<UserBatchRequest, Batch>()('generation.batches.get.v1'),
    /** `ListBatchesRequest` → `BatchList`. */
    batchesList: subject<ListBatchesRequest, BatchList>()('generation.batches.list.v1'),
    /** `RetryBatchRowRequest` → `Batch`: a failed row runs again alone; any other row is `CONFLICT`. */
    batchRowRetry: subject<RetryBatchRowRequest, Batch>()('generation.batches.row.retry.v1'),
  },
} as const;

/**
 * The events (publish/subscribe, no reply), each with its payload. An event's schema file holds the
 * payload as the reply (the request is `null`): its publisher writes it, its subscribers read it.
 */
export const Events = {
  auth: {
    /**
     * Keys that stopped working before their expiry (revoked, their owner's account being deleted or
     * gone): every gateway drops them from its cache of verified keys (gateway/src/api-v1/verified-keys.ts).
     */
    apiKeysInvalidated: event<ApiKeysInvalidated>()('auth.apiKeys.invalidated.v1'),
  },
  generation: {
    /** One job's progress, on `<event>.<jobId>` (`jobProgressSubject`). */
    jobProgressed: event<JobState>()('generation.job.progressed.v1'),
    /**
     * Tells the worker running a job to stop, on `<event>.<jobId>` (`jobStopSubject`). Not
     * `generation.job.cancel.v1.<jobId>`: that stem is the users' cancel request (`Subjects.generation.jobCancel`).
     */
    jobStop: event<JobStopEvent>()('generation.job.stop.v1'),
  },
} as const;

/** NATS subject of one job's progress events: `generation.job.progressed.v1.<jobId>`. */
export const jobProgressSubject = (jobId: string) => eventFor(Events.generation.jobProgressed, jobId);
/** NATS subject telling workers to stop a job: `generation.job.stop.v1.<jobId>`. */
export const jobStopSubject = (jobId: string) => eventFor(Events.generation.jobStop, jobId);

/** A service's readiness ping (`{}` → `PingResponse`). */
export const pingSubject = <S extends ServiceName>(service: S) => Subjects[service].ping;

/** NATS header carrying the request id from the gateway into every service's logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
