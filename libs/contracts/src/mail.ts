/**
 * Transactional e-mail: the content service owns it (templates, SMTP, the newsletter's double
 * opt-in, the users' mail preferences); generation and billing ask it to send (ARCHITECTURE.md, "E-mail").
 */
import type { JobKind } from './generation';

/** `content.mail.videoReady.v1` (from generation, when a job succeeds): sent unless the user was watching it or turned these mails off. */
export interface VideoReadyMailRequest {
  userId: string;
  jobId: string;
  /** Which page shows the video: a lip-sync's is /projects, a clip's or One Shot's /user-influencers. */
  kind: JobKind;
}

/** What billing confirmed: Premium started (`premium`) or a pack of extra generations was granted (`pack`). */
export type PaymentMailKind = 'premium' | 'pack';

/** `content.mail.paymentConfirmed.v1` (from billing, once per confirmed payment). */
export interface PaymentMailRequest {
  userId: string;
  kind: PaymentMailKind;
  /** The payment it confirms (Stripe's subscription or payment intent id): one mail per payment. */
  paymentId: string;
  /** Generations the pack added (for `pack`). */
  generations?: number;
}

/**
 * `content.mail.webhookDisabled.v1` (from generation, when a delivery's failure disables one of the
 * user's webhook endpoints): tells the owner which endpoint, why, and how to enable it again. Not a
 * preference: the user's integration stopped.
 */
export interface WebhookDisabledMailRequest {
  userId: string;
  endpointId: string;
  /** The endpoint's URL. */
  url: string;
  /** Its failed deliveries in a row that disabled it. */
  failures: number;
  /** The delivery whose failure disabled it: one mail per disabling. */
  deliveryId: string;
}

/**
 * Why a mail was or was not sent: `sent`; `watching` (a page followed the job to its end),
 * `turned-off` (the user's preference), `no-address` (the account has no e-mail address),
 * `already-sent` (this job, payment or disabling had its mail).
 */
export type MailOutcomeReason = 'sent' | 'watching' | 'turned-off' | 'no-address' | 'already-sent';

export interface MailOutcome {
  sent: boolean;
  reason: MailOutcomeReason;
}

/** The mails a user may turn off (`/profile`); everything defaults to on. */
export interface MailPreferences {
  videoReady: boolean;
}

/** `content.mail.preferences.set.v1`. */
export interface MailPreferencesUpdate extends MailPreferences {
  userId: string;
}

/** The token of a newsletter link (confirmation or unsubscribe). */
export interface NewsletterTokenRequest {
  token: string;
}

/** `content.newsletter.confirm.v1`: the address is active from now on; `NOT_FOUND` for an unknown or used token. */
export interface NewsletterConfirmed {
  confirmed: true;
  email: string;
}

/** `content.newsletter.unsubscribe.v1`: the address is removed (a second click is a success too). */
export interface NewsletterUnsubscribed {
  unsubscribed: true;
}
