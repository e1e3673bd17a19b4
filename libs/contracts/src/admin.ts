/**
 * The operator console (issue 19, item 4): HTTP shapes under `/api/admin` (gateway, admin role
 * only) and the NATS requests behind them. Every admin action carries the operator and is written
 * to the audit log. Fields may be added; renaming one is a new version.
 */
import type { BlogPost, BlogPostDetail } from './content';
import type { CreditSource, ReservationStatus } from './billing';
import type { JobKind, JobStatus, ModerationState } from './generation';
import type { LikenessConsentRecord } from './own-actors';
import type { LipSyncCheck } from './lip-sync-check';

export const ADMIN_API_PREFIX = '/api/admin';
/** The role `GET /api/auth/user` lists (`roles`) for an operator. */
export const ADMIN_ROLE = 'admin';

/** Who did it, as every admin NATS request carries it. */
export interface AdminActor {
  operatorId: string;
  operatorName: string;
}

/** `GET /api/admin/queue`: the generation queue (the figures the autoscaler acts on) and who consumes it. */
export interface AdminQueueState {
  consumers: { name: string; pending: number; ackPending: number }[];
  /** Worker processes consuming now (JetStream push/pull clients seen on the consumers). */
  workers: number;
}

export interface AdminJobFilter {
  status?: JobStatus;
  kind?: JobKind;
  /** A user id, or a username/e-mail fragment the gateway resolves. */
  user?: string;
  /** `below-threshold`: only jobs whose video was delivered outside the lip-sync limits (issue 36). */
  lipSync?: 'below-threshold';
  /** Opaque: the `nextCursor` of the previous page. */
  cursor?: string;
  limit?: number;
}

export interface AdminJobSummary {
  id: string;
  kind: JobKind;
  status: JobStatus;
  userId: string;
  /**
   * The user as operators know them: the username, else the e-mail (auth's account, which the gateway
   * joins in over HTTP); absent when the account is gone, and in the generation service's own reply.
   */
  userName?: string;
  provider: string | null;
  progress: number;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  /** While queued: the jobs of its lane ahead of it. */
  queuePosition?: number;
  /** While queued or running: the seconds until it should be done (as its user sees them). */
  estimatedSeconds?: number;
}

export interface AdminJobList {
  jobs: AdminJobSummary[];
  nextCursor: string | null;
}

/** One step of a job's life, oldest first: queued, attempt started, progress, provider call, failed, retried by an operator, ... */
export interface AdminJobEvent {
  at: string;
  type: string;
  detail: string | null;
}

/** `GET /api/admin/jobs/:id` */
export interface AdminJobDetail extends AdminJobSummary {
  attempts: number;
  traceId: string | null;
  /** The credit reservation for the job, if billing has one. */
  reservation: { status: ReservationStatus; source: CreditSource } | null;
  timeline: AdminJobEvent[];
  /**
   * The consents of the face (and voice) a creator brought to it: a lip-sync's job input points to
   * them, an image-to-video job's project to its upload's. Absent when it used none (a built-in
   * actor, a drawn portrait); empty for a job from an upload without one (made before consents were recorded).
   */
  consents?: AdminConsent[];
  /** A finished video's measured lip-sync (issue 36); absent before it finishes, for clips, and for videos made before the check. */
  lipSync?: LipSyncCheck;
}

/** A consent as the operators read it: the record (the exact words, when) and who gave it. */
export interface AdminConsent extends LikenessConsentRecord {
  userId: string;
}

/** `GET /api/admin/users?query=`: users whose username or e-mail contains the query. */
export interface AdminUserSummary {
  id: string;
  username: string;
  email: string | null;
  createdAt: string;
}

export interface AdminLedgerEntry {
  at: string;
  /** `reserve`, `commit`, `release`, `pack`, `period`, `adjustment`, ... */
  type: string;
  /** Generations added (positive) or taken (negative) by this entry; 0 for state changes. */
  delta: number;
  jobId: string | null;
  operator: string | null;
  reason: string | null;
}

/** `GET /api/admin/users/:id` */
export interface AdminUserAccount {
  user: AdminUserSummary;
  plan: string;
  subscriptionStatus: string | null;
  generationsCount: number;
  extraGenerations: number;
  generationsLeft: number;
  reservations: { jobId: string; status: ReservationStatus; source: CreditSource; createdAt: string }[];
  purchases: { at: string; kind: 'subscription' | 'pack'; amount: number | null; reference: string }[];
  ledger: AdminLedgerEntry[];
}

/** `POST /api/admin/users/:id/credits`: extra generations given (positive) or taken back (negative), with why. */
export interface AdminCreditAdjustmentBody {
  delta: number;
  reason: string;
  /** The job this refunds, if any (shown in the ledger and the audit log). */
  jobId?: string;
}

/** An operator's reason (characters), which the user concerned reads. */
export const ADMIN_REASON_MIN_LENGTH = 3;
export const ADMIN_REASON_MAX_LENGTH = 500;
export const ADMIN_CREDIT_DELTA_LIMIT = 1000;

/** `POST /api/admin/posts` and `PUT /api/admin/posts/:id`. A `publishedAt` in the future schedules it; null keeps it a draft. */
export interface AdminPostBody {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  featuredImage?: string | null;
  author?: string | null;
  publishedAt: string | null;
}

/** The longest text of each of a post's fields (characters). */
export const ADMIN_POST_MAX_LENGTH = { title: 200, slug: 200, excerpt: 1000, body: 100_000, featuredImage: 500, author: 120 } as const;

export type AdminPost = BlogPostDetail & { status: 'draft' | 'scheduled' | 'published' };

export interface AdminPostList {
  posts: (BlogPost & { status: AdminPost['status'] })[];
}

/** `GET /api/admin/gallery/reports`: reported community items, those in review first, then the most reported. */
export interface AdminGalleryReport {
  influencerId: string;
  name: string;
  ownerId: string;
  /** The public copy while it is in the gallery; else the owner's own clip, so the operator can judge it. */
  videoUrl: string | null;
  /** Different reporters, ever. */
  reports: number;
  /** Reports since the last decision, weighted (an established reporter 1, others 1/3); at the threshold it goes in review. */
  weightedReports: number;
  lastReason: string | null;
  lastReportedAt: string;
  /** Published by its owner (it shows in the gallery only while also `visible`). */
  published: boolean;
  state: ModerationState;
  stateReason: string | null;
  /** The owner's appeal of the current decision, if any. */
  appeal: string | null;
  appealedAt: string | null;
}

/** `POST /api/admin/gallery/{influencerId}/decision`: an operator restores or removes an item, always with a reason (audited). */
export interface AdminModerationDecisionBody {
  decision: 'restore' | 'remove';
  reason: string;
}

/** Over NATS (`generation.admin.gallery.decide.v1`). */
export interface AdminModerationDecisionRequest extends AdminModerationDecisionBody {
  influencerId: number;
}

export interface AdminModerationDecisionResult {
  influencerId: string;
  state: ModerationState;
}

/** `GET /api/admin/audit`: newest first. */
export interface AdminAuditEntry {
  id: string;
  at: string;
  operatorId: string;
  operatorName: string;
  /** e.g. `job.cancel`, `job.retry`, `credits.adjust`, `post.create`, `post.update`, `gallery.withdraw`, `newsletter.send`, `newsletter.resume` */
  action: string;
  target: string;
  /** The target's username (else e-mail) when it is a user (`credits.adjust`) whose account still exists. */
  targetName?: string;
  detail: Record<string, unknown>;
}

// ---- NATS requests behind the routes (the gateway adds the operator; additive to the HTTP shapes above) ----

/** `auth.admin.users.search.v1` */
export interface AdminUserSearchRequest {
  query: string;
  limit?: number;
  /**
   * Only these users (the gateway naming the users of a page of jobs or audit entries), at most
   * `ADMIN_USER_IDS_MAX`, still matching `query` when it is not empty. A service older than this field
   * ignores it, so a caller keeps only the users whose id it asked for.
   */
  ids?: string[];
}

/** The most user ids one `auth.admin.users.search.v1` request may name. */
export const ADMIN_USER_IDS_MAX = 200;

/** A user's name as the operator console shows it: the username, else the e-mail address. */
export function adminUserName(user: Pick<AdminUserSummary, 'username' | 'email'>): string {
  return user.username || user.email || '';
}

/** `billing.admin.account.get.v1` answers the account without the user (auth holds users; the gateway joins them). */
export type AdminBillingAccount = Omit<AdminUserAccount, 'user'>;

/** `billing.admin.credits.adjust.v1` */
export interface AdminCreditAdjustmentRequest extends AdminCreditAdjustmentBody, AdminActor {
  userId: string;
}

/** `generation.admin.jobs.list.v1`: the gateway has turned `user` into user ids. */
export interface AdminJobListRequest extends Omit<AdminJobFilter, 'user'> {
  userIds?: string[];
}

/** `POST /api/admin/gallery/:influencerId/withdraw` answers it. */
// ---- The newsletter (issue: sending an issue to the confirmed subscribers) ----

export const NEWSLETTER_SUBJECT_MAX_LENGTH = 150;
export const NEWSLETTER_BODY_MAX_LENGTH = 20_000;

/** `POST /api/admin/newsletter/issues`: an issue as the operator writes it; the body is plain paragraphs separated by blank lines. */
export interface AdminNewsletterIssueBody {
  subject: string;
  body: string;
}

/** An issue's body as its paragraphs, as the mail and the console's preview show them: blank lines separate them. */
export function newsletterParagraphs(body: string): string[] {
  return body
    .split(/\r?\n[^\S\r\n]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** One issue as `GET /api/admin/newsletter/issues` lists it (without its body). */
export interface AdminNewsletterIssue {
  id: number;
  subject: string;
  /** The operator who sent it. */
  createdBy: string;
  createdAt: string;
  /** Subscribers it has gone to so far. */
  sentCount: number;
  /** `sentCount` plus the confirmed subscribers still to mail when the last send (or resume) started. */
  recipientCount: number;
  /** Null while it is being sent, or after a run the relay stopped (resume sends to the rest). */
  finishedAt: string | null;
}

/** Newest first, with the number of confirmed subscribers (who a new issue goes to). */
export interface AdminNewsletterIssueList {
  issues: AdminNewsletterIssue[];
  confirmedSubscribers: number;
}

/** The answer to sending or resuming: the issue, and how many subscribers this run mails (in the background). */
export interface AdminNewsletterSending {
  id: number;
  recipients: number;
}

/** `content.admin.newsletter.issues.send.v1` */
export interface AdminNewsletterSendRequest extends AdminNewsletterIssueBody, AdminActor {}

/** `content.admin.newsletter.issues.resume.v1` */
export interface AdminNewsletterResumeRequest extends AdminActor {
  id: number;
}
