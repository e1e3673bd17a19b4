/**
 * NATS subjects: `<service>.<entity>.<verb>.v<N>` for request/reply, past tense for events.
 * The one list every service and the gateway use; a new message starts here.
 */
import type { ServiceName } from './services';

/** Request/reply: answers `PingResponse`; used by the gateway's readiness check. */
export const pingSubject = (service: ServiceName) => `${service}.health.ping.v1` as const;

export const Subjects = {
  auth: {
    userUpsert: 'auth.user.upsert.v1',
    userGet: 'auth.user.get.v1',
    /** `{userId}` → `{deleted: true}`: the user's identity goes (account deletion). */
    userDelete: 'auth.user.delete.v1',
    /** `{userId}` → `{deleting: true}`: the first step of account deletion; the user's API keys and sign-ins are refused from then on. */
    userDeletionStart: 'auth.user.deletionStart.v1',
    /** `{userId}` → `{kept: true}`: account deletion keeps a keyed hash of the identity with its free generations used (asked of billing); nothing else of the person. */
    userFingerprintKeep: 'auth.user.fingerprintKeep.v1',
    /** Operator console: `AdminUserSearchRequest` → `AdminUserSummary[]` (username or e-mail contains the query). */
    adminUsersSearch: 'auth.admin.users.search.v1',
    /** `CreateApiKeyRequest` → `CreatedApiKey` (the key shown once); `CONFLICT` past `MAX_API_KEYS_PER_USER`. */
    apiKeysCreate: 'auth.apiKeys.create.v1',
    /** `{userId}` → `ApiKeySummary[]`: the user's keys that are not revoked, newest first. */
    apiKeysList: 'auth.apiKeys.list.v1',
    /** `RevokeApiKeyRequest` → `{revoked: true}`; `NOT_FOUND` for a key that is not the user's. */
    apiKeysRevoke: 'auth.apiKeys.revoke.v1',
    /** `VerifyApiKeyRequest` → `ApiKeyIdentity`, or `UNAUTHENTICATED` (unknown, revoked, expired); records the last use. */
    apiKeysVerify: 'auth.apiKeys.verify.v1',
  },
  billing: {
    accountGet: 'billing.account.get.v1',
    /** `{userId}` → `{deleted: true}`: subscriptions ended at once, ledger rows kept under an anonymous id (account deletion). */
    accountDelete: 'billing.account.delete.v1',
    /** From auth: `{userId}` → `FreeGenerationsUsed` (free generations reserved or committed, those carried over included). */
    accountFreeUsed: 'billing.account.freeUsed.v1',
    /** From auth: `CarryFreeUsedRequest` → `{carried: true}`: a returning identity's new account starts with the free generations its deleted one used. */
    accountCarryFreeUsed: 'billing.account.carryFreeUsed.v1',
    plansList: 'billing.plans.list.v1',
    /** `{userId}` → `{available: true}`, or PAYMENT_REQUIRED as a reserve would answer; reserves nothing. */
    creditsCheck: 'billing.credits.check.v1',
    creditsReserve: 'billing.credits.reserve.v1',
    creditsCommit: 'billing.credits.commit.v1',
    creditsRelease: 'billing.credits.release.v1',
    quotaConsume: 'billing.quota.consume.v1',
    stripeConfig: 'billing.stripe.config.v1',
    customerCreate: 'billing.customer.create.v1',
    subscriptionCreate: 'billing.subscription.create.v1',
    subscriptionSync: 'billing.subscription.sync.v1',
    subscriptionCancel: 'billing.subscription.cancel.v1',
    packCheckout: 'billing.pack.checkout.v1',
    stripeWebhook: 'billing.stripe.webhook.v1',
    /** Operator console: `{userId}` → `AdminBillingAccount` (plan, credits, reservations, purchases, ledger). */
    adminAccountGet: 'billing.admin.account.get.v1',
    /** Operator console: `AdminCreditAdjustmentRequest` → `AdminBillingAccount`; a ledger entry with the operator and reason. */
    adminCreditsAdjust: 'billing.admin.credits.adjust.v1',
    /** Operator console: `{jobId}` → the job's reservation `{status, source}` or null. */
    adminReservationGet: 'billing.admin.reservation.get.v1',
  },
  content: {
    postsList: 'content.posts.list.v1',
    postsGet: 'content.posts.get.v1',
    newsletterSubscribe: 'content.newsletter.subscribe.v1',
    /** `NewsletterTokenRequest` → `NewsletterConfirmed` (double opt-in); `NOT_FOUND` for an unknown token. */
    newsletterConfirm: 'content.newsletter.confirm.v1',
    /** `NewsletterTokenRequest` → `NewsletterUnsubscribed`; an unknown token (already unsubscribed) is a success too. */
    newsletterUnsubscribe: 'content.newsletter.unsubscribe.v1',
    /** From generation: `VideoReadyMailRequest` → `MailOutcome` (mail.ts). */
    mailVideoReady: 'content.mail.videoReady.v1',
    /** From billing: `PaymentMailRequest` → `MailOutcome`. */
    mailPaymentConfirmed: 'content.mail.paymentConfirmed.v1',
    /** From generation: `WebhookDisabledMailRequest` → `MailOutcome`: a webhook endpoint was disabled after failed deliveries in a row. */
    mailWebhookDisabled: 'content.mail.webhookDisabled.v1',
    /** `{userId}` → `MailPreferences`. */
    mailPreferencesGet: 'content.mail.preferences.get.v1',
    /** `MailPreferencesUpdate` → `MailPreferences`. */
    mailPreferencesSet: 'content.mail.preferences.set.v1',
    /** `{userId}` → `{deleted: true}`: the user's mail preferences go (account deletion). */
    userDelete: 'content.user.delete.v1',
    /** Operator console: `{}` → `AdminPostList` (drafts, scheduled and published). */
    adminPostsList: 'content.admin.posts.list.v1',
    /** Operator console: `{id}` → `AdminPost`. */
    adminPostGet: 'content.admin.post.get.v1',
    /** Operator console: `AdminPostBody` → `AdminPost`; `CONFLICT` for a slug in use. */
    adminPostCreate: 'content.admin.post.create.v1',
    /** Operator console: `AdminPostBody & {id}` → `AdminPost`. */
    adminPostUpdate: 'content.admin.post.update.v1',
    /** Operator console: `{}` → `AdminNewsletterIssueList` (newest first, with the confirmed subscribers). */
    adminNewsletterIssuesList: 'content.admin.newsletter.issues.list.v1',
    /** Operator console: `AdminNewsletterSendRequest` → `AdminNewsletterSending`; the issue is stored and mailed in the background. */
    adminNewsletterIssueSend: 'content.admin.newsletter.issues.send.v1',
    /** Operator console: `AdminNewsletterResumeRequest` → `AdminNewsletterSending` (the subscribers not mailed yet); `CONFLICT` once finished. */
    adminNewsletterIssueResume: 'content.admin.newsletter.issues.resume.v1',
    /** Remote registry (remote-releases.ts): `RemotePublishRequest` → `RemoteHistory`; `CONFLICT` for a version already published. */
    remotePublish: 'content.remotes.publish.v1',
    /** `RemoteReleaseRequest` → `RemoteLiveVersion`; `NOT_FOUND` for a version never published. */
    remoteRelease: 'content.remotes.release.v1',
    /** `RemoteRollbackRequest` → `RemoteLiveVersion` (the release before the live one); `CONFLICT` when there is none. */
    remoteRollback: 'content.remotes.rollback.v1',
    /** `{}` → `RemoteLiveVersions`: what `/remotes.json` points at. */
    remotesLive: 'content.remotes.live.v1',
    /** `RemoteHistoryRequest` → `RemoteHistory`. */
    remoteHistory: 'content.remotes.history.v1',
  },
  generation: {
    actorsList: 'generation.actors.list.v1',
    samplesList: 'generation.samples.list.v1',
    voicesList: 'generation.voices.list.v1',
    /** `VoiceSampleRequest` → `VoiceSampleResponse`: a voice's sample, synthesised once and kept in the store. */
    voiceSample: 'generation.voices.sample.v1',
    audioCreate: 'generation.audio.create.v1',
    scriptWrite: 'generation.script.write.v1',
    lipsyncStart: 'generation.lipsync.start.v1',
    jobGet: 'generation.job.get.v1',
    jobCancel: 'generation.job.cancel.v1',
    projectsList: 'generation.projects.list.v1',
    projectDelete: 'generation.project.delete.v1',
    influencerImageCreate: 'generation.influencer.image.create.v1',
    influencerVideoStart: 'generation.influencer.video.start.v1',
    /** Before the gateway stores an upload: may this user start a clip from it (credits, storage)? */
    uploadCheck: 'generation.uploads.check.v1',
    /** `FaceCheckRequest` → `FaceCheckAnswer`: the face check of a chosen picture, before any generation (nothing charged or kept). */
    facesCheck: 'generation.faces.check.v1',
    influencersList: 'generation.influencers.list.v1',
    influencerGet: 'generation.influencer.get.v1',
    influencerApprove: 'generation.influencer.approve.v1',
    influencerDelete: 'generation.influencer.delete.v1',
    /** `InfluencerAppealRequest` → `InfluencerProject`: the owner's one appeal of a review or removal. */
    influencerAppeal: 'generation.influencer.appeal.v1',
    galleryList: 'generation.gallery.list.v1',
    galleryReport: 'generation.gallery.report.v1',
    /** `{userId}` → `{deleted: true}`: live jobs cancelled, every record and object of the user removed, community copies included (account deletion). */
    userDataDelete: 'generation.user.delete.v1',
    pipelineStart: 'generation.pipeline.start.v1',
    pipelineCurrent: 'generation.pipeline.current.v1',
    /** A provider's signed webhook (`ProviderWebhookRequest`): a prediction a parked job waits on ended. */
    providerWebhook: 'generation.provider.webhook.v1',
    /** Operator console: `{}` → `AdminQueueState`. */
    adminQueueGet: 'generation.admin.queue.get.v1',
    /** Operator console: `AdminJobListRequest` → `AdminJobList`. */
    adminJobsList: 'generation.admin.jobs.list.v1',
    /** Operator console: `{jobId}` → `AdminJobDetail` (without the reservation, which billing holds). */
    adminJobGet: 'generation.admin.job.get.v1',
    /** Operator console: `{jobId}` → `JobState`; the user's cancel, for any user's job. */
    adminJobCancel: 'generation.admin.job.cancel.v1',
    /** Operator console: `{jobId}` → `JobState` of a new job with the failed or cancelled job's input (a credit reserved again). */
    adminJobRetry: 'generation.admin.job.retry.v1',
    /** Operator console: `{}` → `AdminGalleryReport[]`. */
    adminGalleryReports: 'generation.admin.gallery.reports.list.v1',
    /** Operator console: `AdminModerationDecisionRequest` → `AdminModerationDecisionResult`: restored to the gallery or removed, with a reason. */
    adminGalleryDecide: 'generation.admin.gallery.decide.v1',
    /** Webhooks (`webhooks.ts`): `CreateWebhookEndpointRequest` → `CreatedWebhookEndpoint` (its secret shown this once). */
    webhookEndpointCreate: 'generation.webhooks.endpoints.create.v1',
    /** `{userId}` → `WebhookEndpoint[]`. */
    webhookEndpointsList: 'generation.webhooks.endpoints.list.v1',
    /** `WebhookEndpointRequest` → `{deleted: true}`; another user's is `NOT_FOUND`. */
    webhookEndpointDelete: 'generation.webhooks.endpoints.delete.v1',
    /** `WebhookEndpointRequest` → `WebhookEndpoint`: enabled again (one disabled after failed deliveries), its count of failures reset; another user's is `NOT_FOUND`. */
    webhookEndpointEnable: 'generation.webhooks.endpoints.enable.v1',
    /** `WebhookDeliveriesRequest` → `WebhookDelivery[]` (newest first, with their attempts). */
    webhookDeliveriesList: 'generation.webhooks.deliveries.list.v1',
    /** `WebhookDeliveryRequest` → `WebhookDelivery`: one more attempt queued now. */
    webhookRedeliver: 'generation.webhooks.deliveries.redeliver.v1',
    /** `{userId}` → `WebhookSigningSecret`: what signs deliveries to a request's own `webhook_url`. */
    webhookSigningSecret: 'generation.webhooks.secret.get.v1',
    /** Public API videos (`videos.ts`): `CreateVideoRequest` → `Video`; the same idempotency key and body answer the same video; `IDEMPOTENCY_MISMATCH` for another body, `PAYMENT_REQUIRED` when no generation is left. */
    videoCreate: 'generation.videos.create.v1',
    /** `UserVideoRequest` → `Video`; another user's is `NOT_FOUND`. */
    videoGet: 'generation.videos.get.v1',
    /** `ListVideosRequest` → `VideoList` (newest first, cursor pages). */
    videosList: 'generation.videos.list.v1',
    /** `UserVideoRequest` → `CanceledVideo`: a live video canceled (credit released), a finished one deleted with its media. */
    videoCancel: 'generation.videos.cancel.v1',
    /** Public API batches (`batches.ts`): `CreateBatchRequest` → `Batch` (per-row errors; `PAYMENT_REQUIRED` when the valid rows outnumber the generations left). */
    batchCreate: 'generation.batches.create.v1',
    /** `UserBatchRequest` → `Batch`; another user's is `NOT_FOUND`. */
    batchGet: 'generation.batches.get.v1',
    /** `ListBatchesRequest` → `BatchList`. */
    batchesList: 'generation.batches.list.v1',
    /** `RetryBatchRowRequest` → `Batch`: a failed row runs again alone; any other row is `CONFLICT`. */
    batchRowRetry: 'generation.batches.row.retry.v1',
  },
} as const;

/** NATS header carrying the request id from the gateway into every service's logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
