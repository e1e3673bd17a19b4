/**
 * Every gateway operation the front end calls: its method and address, and (as types only) the
 * body it takes and the answer it gives. web-kit's `callApi(route, …)` sends a route and types the
 * answer by it, so a page never names a URL or casts an answer; adding an endpoint the front end
 * uses means adding it here.
 */
import type {
  AdminAuditEntry,
  AdminCreditAdjustmentBody,
  AdminGalleryReport,
  AdminJobDetail,
  AdminJobFilter,
  AdminJobList,
  AdminNewsletterIssueBody,
  AdminNewsletterIssueList,
  AdminNewsletterSending,
  AdminPost,
  AdminPostBody,
  AdminPostList,
  AdminQueueState,
  AdminUserAccount,
  AdminUserSummary,
  AdminModerationDecisionBody,
  AdminModerationDecisionResult,
} from './admin';
import { ADMIN_API_PREFIX } from './admin';
import type { RenameProjectBody } from './projects';
import type { ApiKeyRevoked, ApiKeySummary, CreateApiKeyBody, CreatedApiKey } from './api-keys';
import type { Batch, BatchPage, CreateBatchBody } from './batches';
import type { AdditionalGenerationsRequest, CheckoutStart, CreateSubscriptionRequest, SubscriptionSyncResponse } from './billing';
import type { BlogPost, NewsletterSubscribeRequest, NewsletterSubscribeResponse } from './content';
import type { FaceCheckAnswer } from './face-check';
import type { LipSyncCheck } from './lip-sync-check';
import type { CreatedRevision, ReviseVideoBody, VideoRevisions } from './revisions';
import type { MailPreferences } from './mail';
import type { OwnActor, OwnActorList } from './own-actors';
import type {
  Actor,
  AudioResponse,
  AudioUploadAnswer,
  InfluencerImageRequest,
  InfluencerImageResponse,
  InfluencerProject,
  InfluencerAppealBody,
  InfluencerReportBody,
  InfluencerVideoRequest,
  JobState,
  LipSyncRequest,
  PipelineRequest,
  Project,
  SampleVideos,
  ScriptRequestBody,
  ScriptResponse,
  UserAudioRequest,
} from './generation';
import type { CreatedWebhookEndpoint, CreateWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint } from './webhooks';
import type { CaptionFiles } from './captions';
import type { ClonedVoice, CloneVoiceBody, OwnVoiceList } from './voices';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One operation. `TBody` and `TResponse` exist only as types (`types` is never set at run time).
 * `TSpends` is true for the routes that spend a generation: their 402 hands the request to the
 * paywall and the caller gets web-kit's `PaymentRequired` marker instead of an answer.
 */
export interface ApiRoute<TBody, TResponse, TSpends extends boolean = false> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly spends: TSpends;
  readonly types?: { readonly body: TBody; readonly response: TResponse };
}

/** Any route: what `callApi` accepts. */
export type AnyApiRoute = ApiRoute<unknown, unknown, boolean>;
/** The body a route takes (`undefined`: none). */
export type RouteBody<R> = R extends ApiRoute<infer TBody, unknown, boolean> ? TBody : never;
/** The answer a route gives when it succeeds. */
export type RouteResponse<R> = R extends ApiRoute<unknown, infer TResponse, boolean> ? TResponse : never;

/** A route that spends nothing. */
const route = <TResponse, TBody = undefined>(method: HttpMethod, path: string): ApiRoute<TBody, TResponse> => ({ method, path, spends: false });
/** A route that starts a paid generation (a credit is reserved; none left is a 402). */
const spending = <TResponse, TBody>(method: HttpMethod, path: string): ApiRoute<TBody, TResponse, true> => ({ method, path, spends: true });

/** `?a=1&b=x` from the defined, non-empty values (empty string when none). */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `POST /api/replicate/audio`: the audio request and the actor or influencer it is for. */
export type AudioBody = Omit<UserAudioRequest, 'userId'>;
/** `POST /api/ai-influencer/video`: the project, when there is one, goes in the query string. */
export type InfluencerVideoBody = Omit<InfluencerVideoRequest, 'projectId'>;
/** `POST /api/ai-influencer/projects/:id/publish`: the owner's consent and the name to show. */
export interface InfluencerPublishBody {
  name: string;
  consent: true;
}
/** `DELETE /api/account`: the user typed DELETE_ACCOUNT_CONFIRMATION. */
export interface DeleteAccountBody {
  confirm: string;
}
/**
 * What a job-starting route answers: 200 `{url, predictionId}` once the job is done, 202
 * `{predictionId, status: 'processing', progress}` while it runs (always that with `Prefer: respond-async`).
 */
export interface JobStartAnswer {
  url?: string;
  predictionId?: string;
  /** A finished spoken video's captions (WebVTT and SRT). */
  captions?: CaptionFiles;
  /** A finished video's poster (its first frame, at its format's aspect). */
  posterUrl?: string;
  /** A finished video's measured lip-sync. */
  lipSync?: LipSyncCheck;
  status?: string;
  progress?: number;
  message?: string;
}

/** `POST /api/webhooks`: the endpoint's URL and the events it wants (the user is the session's). */
export type CreateWebhookEndpointBody = Omit<CreateWebhookEndpointRequest, 'userId'>;

/** What a delete answers. */
export interface DeletedAnswer {
  deleted: true;
}

/**
 * What `DELETE /api/account` answers: `signOutUrl` is where the page goes next, the identity
 * provider's end-session address exactly as Logout redirects to it (`/` when it has none).
 */
export interface AccountDeletedAnswer extends DeletedAnswer {
  signOutUrl: string;
}

const ADMIN = ADMIN_API_PREFIX;

export const API_ROUTES = {
  // Generation (wizard)
  actors: route<Actor[]>('GET', '/api/actors'),
  // A creator's own actors (issue 35): listed with the clip limits, made from an upload, deleted by their owner
  ownActors: route<OwnActorList>('GET', '/api/actors/own'),
  /** Multipart (`clip`, `name`, `consent`) with upload progress: sent by web-kit's `uploadWithProgress`, not `callApi`. */
  createOwnActor: route<OwnActor, FormData>('POST', '/api/actors/own'),
  deleteOwnActor: (actorId: string) => route<DeletedAnswer>('DELETE', `/api/actors/own/${encodeURIComponent(actorId)}`),
  samples: route<SampleVideos>('GET', '/api/samples'),
  voices: route<string[]>('GET', '/api/replicate/voices'),
  createAudio: route<AudioResponse, AudioBody>('POST', '/api/replicate/audio'),
  /** The creator's own voice (multipart: `audio`, `consent`, optional `text`) with upload progress: sent by web-kit's `uploadWithProgress`. */
  uploadAudio: route<AudioUploadAnswer, FormData>('POST', '/api/audio/uploads'),
  ownVoices: route<OwnVoiceList>('GET', '/api/voices/own'),
  cloneVoice: route<ClonedVoice, CloneVoiceBody>('POST', '/api/voices/clone'),
  deleteOwnVoice: (voiceId: string) => route<DeletedAnswer>('DELETE', `/api/voices/own/${encodeURIComponent(voiceId)}`),
  startLipSync: spending<JobStartAnswer, LipSyncRequest>('POST', '/api/replicate/lipsync'),
  cancelJob: (jobId: string) => route<JobState>('POST', `/api/replicate/cancel/${jobId}`),
  /** A finished video's versions and fixes ("Edit script"), by the job of its version on screen. */
  videoRevisions: (jobId: string) => route<VideoRevisions>('GET', `/api/jobs/${encodeURIComponent(jobId)}/revisions`),
  /** Fixes one sentence of it: free for its first fixes, then one generation (a 402 when none is left). */
  reviseVideo: (jobId: string) => spending<CreatedRevision, ReviseVideoBody>('POST', `/api/jobs/${encodeURIComponent(jobId)}/revisions`),
  projects: route<Project[]>('GET', '/api/projects'),
  deleteProject: (projectId: number) => route<DeletedAnswer>('DELETE', `/api/projects/${projectId}`),
  /** Names one of the caller's videos (blank: its number again); answers the item as listed. */
  renameProject: (projectId: number) => route<Project, RenameProjectBody>('PATCH', `/api/projects/${projectId}`),

  // Batches: many videos from one CSV, on the wizard's batch page (the session's door to the API's batches)
  batches: (cursor?: string) => route<BatchPage>('GET', `/api/batches${queryString({ cursor })}`),
  createBatch: spending<Batch, CreateBatchBody>('POST', '/api/batches'),
  batch: (batchId: string) => route<Batch>('GET', `/api/batches/${encodeURIComponent(batchId)}`),
  retryBatchRow: (batchId: string, row: number) => route<Batch>('POST', `/api/batches/${encodeURIComponent(batchId)}/rows/${row}/retry`),
  /** The ZIP of a batch's videos: a download link, not a JSON call. */
  batchZip: (batchId: string) => route<never>('GET', `/api/batches/${encodeURIComponent(batchId)}/zip`),

  // AI influencers
  writeScript: route<ScriptResponse, ScriptRequestBody>('POST', '/api/openai/generate-script'),
  influencerImage: route<InfluencerImageResponse, InfluencerImageRequest>('POST', '/api/ai-influencer/image'),
  /** The face check of a picture as soon as it is chosen (free; nothing kept): `image` is its data: URL. */
  checkImage: route<FaceCheckAnswer, { image: string }>('POST', '/api/ai-influencer/check-image'),
  influencerVideo: (projectId: number | null) =>
    spending<JobStartAnswer, InfluencerVideoBody>('POST', `/api/ai-influencer/video${projectId !== null ? `?projectId=${projectId}` : ''}`),
  influencerProjects: route<InfluencerProject[]>('GET', '/api/ai-influencer/projects'),
  publishInfluencer: (projectId: number) => route<InfluencerProject, InfluencerPublishBody>('POST', `/api/ai-influencer/projects/${projectId}/publish`),
  unpublishInfluencer: (projectId: number) => route<InfluencerProject>('POST', `/api/ai-influencer/projects/${projectId}/unpublish`),
  deleteInfluencer: (projectId: number) => route<DeletedAnswer>('DELETE', `/api/ai-influencer/projects/${projectId}`),
  appealInfluencer: (projectId: number) => route<InfluencerProject, InfluencerAppealBody>('POST', `/api/ai-influencer/projects/${projectId}/appeal`),
  startPipeline: spending<JobState, PipelineRequest>('POST', '/api/ai-influencer/pipeline'),
  currentPipeline: route<{ run: JobState | null }>('GET', '/api/ai-influencer/pipeline/current'),
  gallery: route<InfluencerProject[]>('GET', '/api/ai-influencer/gallery'),
  reportInfluencer: (projectId: number) => route<{ reported: true }, InfluencerReportBody>('POST', `/api/ai-influencer/gallery/${projectId}/report`),

  // Content
  publishedPosts: route<BlogPost[]>('GET', '/api/blog/posts?published=true'),
  subscribeNewsletter: route<NewsletterSubscribeResponse, NewsletterSubscribeRequest>('POST', '/api/newsletter'),

  // Which mails the user gets (the profile's toggle)
  mailPreferences: route<MailPreferences>('GET', '/api/profile/mail-preferences'),
  setMailPreferences: route<MailPreferences, MailPreferences>('PUT', '/api/profile/mail-preferences'),

  // Billing and the account
  deleteAccount: route<AccountDeletedAnswer, DeleteAccountBody>('DELETE', '/api/account'),
  createSubscription: route<CheckoutStart, CreateSubscriptionRequest>('POST', '/api/stripe/create-subscription'),
  buyAdditionalGenerations: route<CheckoutStart, AdditionalGenerationsRequest>('POST', '/api/stripe/additional-generations'),
  syncSubscription: route<SubscriptionSyncResponse>('GET', '/api/stripe/sync-subscription'),
  cancelSubscription: route<SubscriptionSyncResponse>('POST', '/api/stripe/cancel-subscription'),

  // API keys for the public API (/api/v1), managed in the profile with the session
  apiKeys: route<ApiKeySummary[]>('GET', '/api/api-keys'),
  createApiKey: route<CreatedApiKey, CreateApiKeyBody>('POST', '/api/api-keys'),
  revokeApiKey: (keyId: string) => route<ApiKeyRevoked>('DELETE', `/api/api-keys/${encodeURIComponent(keyId)}`),

  // Outbound webhooks: the user's endpoints and their delivery log, managed in the profile with the session
  webhookEndpoints: route<WebhookEndpoint[]>('GET', '/api/webhooks'),
  createWebhookEndpoint: route<CreatedWebhookEndpoint, CreateWebhookEndpointBody>('POST', '/api/webhooks'),
  deleteWebhookEndpoint: (endpointId: string) => route<DeletedAnswer>('DELETE', `/api/webhooks/${encodeURIComponent(endpointId)}`),
  enableWebhookEndpoint: (endpointId: string) => route<WebhookEndpoint>('POST', `/api/webhooks/${encodeURIComponent(endpointId)}/enable`),
  webhookDeliveries: (filter: { endpointId?: string; limit?: number } = {}) => route<WebhookDelivery[]>('GET', `/api/webhooks/deliveries${queryString({ endpoint_id: filter.endpointId, limit: filter.limit })}`),
  redeliverWebhook: (deliveryId: string) => route<WebhookDelivery>('POST', `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),

  // The operator console (admin role only; the gateway answers 403 to anyone else)
  admin: {
    queue: route<AdminQueueState>('GET', `${ADMIN}/queue`),
    jobs: (filter: AdminJobFilter) => route<AdminJobList>('GET', `${ADMIN}/jobs${queryString({ ...filter })}`),
    job: (id: string) => route<AdminJobDetail>('GET', `${ADMIN}/jobs/${encodeURIComponent(id)}`),
    cancelJob: (id: string) => route<JobState>('POST', `${ADMIN}/jobs/${encodeURIComponent(id)}/cancel`),
    retryJob: (id: string) => route<JobState>('POST', `${ADMIN}/jobs/${encodeURIComponent(id)}/retry`),
    users: (query: string) => route<AdminUserSummary[]>('GET', `${ADMIN}/users${queryString({ query })}`),
    user: (id: string) => route<AdminUserAccount>('GET', `${ADMIN}/users/${encodeURIComponent(id)}`),
    adjustCredits: (userId: string) => route<AdminUserAccount, AdminCreditAdjustmentBody>('POST', `${ADMIN}/users/${encodeURIComponent(userId)}/credits`),
    posts: route<AdminPostList>('GET', `${ADMIN}/posts`),
    post: (id: number) => route<AdminPost>('GET', `${ADMIN}/posts/${id}`),
    createPost: route<AdminPost, AdminPostBody>('POST', `${ADMIN}/posts`),
    updatePost: (id: number) => route<AdminPost, AdminPostBody>('PUT', `${ADMIN}/posts/${id}`),
    galleryReports: route<AdminGalleryReport[]>('GET', `${ADMIN}/gallery/reports`),
    decideGalleryItem: (influencerId: string) =>
      route<AdminModerationDecisionResult, AdminModerationDecisionBody>('POST', `${ADMIN}/gallery/${encodeURIComponent(influencerId)}/decision`),
    newsletterIssues: route<AdminNewsletterIssueList>('GET', `${ADMIN}/newsletter/issues`),
    sendNewsletterIssue: route<AdminNewsletterSending, AdminNewsletterIssueBody>('POST', `${ADMIN}/newsletter/issues`),
    resumeNewsletterIssue: (id: number) => route<AdminNewsletterSending>('POST', `${ADMIN}/newsletter/issues/${id}/resume`),
    audit: route<AdminAuditEntry[]>('GET', `${ADMIN}/audit`),
  },
} as const;
