/** Plan (spec section 3): price in cents; interval "month" for the subscription, "once" for a pack. */
export type PlanInterval = 'month' | 'once';

export interface Plan {
  id: number;
  name: string;
  description: string;
  price: number;
  interval: PlanInterval;
  isActive: boolean;
  generationsLimit: number;
  stripePriceId: string | null;
}

/*
 * The plans' facts (spec section 3), their one home: the billing migration seeds the plans from them,
 * billing's PREMIUM_PRICE_CENTS setting defaults to the price, and every page, mail and route
 * description that states them formats them from here.
 */
/** Generations a free account gets, in total. */
export const FREE_GENERATIONS = 3;
/** Premium, the monthly subscription: its price in cents and its generations each paid month. */
export const PREMIUM_MONTHLY_PRICE_CENTS = 2900;
export const PREMIUM_GENERATIONS_PER_PERIOD = 60;
/** Extra Generations, the one-time pack: its price in cents and the generations it adds (they never expire). */
export const EXTRA_PACK_PRICE_CENTS = 2000;
export const EXTRA_PACK_GENERATIONS = 15;

/** The free previews a user may make a limited number of times a day (UTC), each with its own count. */
export const QUOTA_KINDS = ['speech', 'image', 'script'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/** How each kind is named to users: "Daily limit of image previews reached…", "Speech previews: 27 of 30 left today". */
export const QUOTA_LABELS: Record<QuotaKind, string> = { speech: 'speech previews', image: 'image previews', script: 'scripts' };

/** The message of `QUOTA_EXCEEDED` (HTTP 429), shown to the user as it is. */
export const quotaExceededMessage = (kind: QuotaKind) => `Daily limit of ${QUOTA_LABELS[kind]} reached, resets at 00:00 UTC`;

/** One kind's count today: `used` of `limit`, counted again from zero at `resetsAt` (the next 00:00 UTC, ISO 8601). */
export interface DailyQuota {
  kind: QuotaKind;
  used: number;
  limit: number;
  resetsAt: string;
}

/** `billing.quota.consume.v1`: takes one preview of `kind` from today's quota. */
export interface ConsumeQuotaRequest {
  userId: string;
  kind: QuotaKind;
}

/** The answer of `billing.quota.consume.v1`: the preview is counted; `remaining` are left today. */
export interface QuotaConsumed extends DailyQuota {
  remaining: number;
}

/** Details of `QUOTA_EXCEEDED`; the gateway sends `retryAfterSeconds` as `Retry-After`. */
export interface QuotaExceededDetails {
  kind: QuotaKind;
  limit: number;
  resetsAt: string;
  retryAfterSeconds: number;
}

/** A user's plan and usage, composed into `GET /api/auth/user` (spec section 3, User). */
export interface Account {
  generationsCount: number;
  /** Pack generations left; they never expire and are used after the plan's allowance. */
  extraGenerations: number;
  /**
   * On Premium now: the billing ledger's one verdict (an active subscription within its paid period).
   * Every other part of the product reads this, never `subscriptionStatus`, to decide the plan.
   */
  premium: boolean;
  /** Stripe's status of the subscription, for display ("active", "canceled", ...); null without one. */
  subscriptionStatus: string | null;
  subscriptionPlan: string | null;
  subscriptionPeriodEnd: string | null;
  /** The subscription was cancelled and ends at `subscriptionPeriodEnd`; access stays until then. */
  subscriptionCancelAtPeriodEnd: boolean;
  /** Today's previews by kind (speech, image, script), with the plan's daily limits. */
  dailyQuotas: DailyQuota[];
}

export interface GetAccountRequest {
  userId: string;
}

/** `billing.account.freeUsed.v1`: the free generations the user has used (reserved or committed), those carried over included. */
export interface FreeGenerationsUsed {
  freeUsed: number;
}

/**
 * `billing.account.carryFreeUsed.v1`, from auth: a new account of an identity whose earlier account was
 * deleted starts with that account's free generations used (the larger count kept, so it can be sent again).
 */
export interface CarryFreeUsedRequest {
  userId: string;
  freeUsed: number;
}

export interface FreeUsedCarried {
  carried: true;
}

/** Reserve one generation for a job before the work starts (idempotent by job id). */
export interface CreditRequest {
  userId: string;
  jobId: string;
}

export type CreditSource = 'free' | 'period' | 'pack';
export type ReservationStatus = 'reserved' | 'committed' | 'released';

export interface Reservation {
  jobId: string;
  userId: string;
  status: ReservationStatus;
  source: CreditSource;
}

/** Details of the PAYMENT_REQUIRED error a reserve answers when nothing is left (HTTP 402). */
export interface PaymentRequiredDetails {
  limit: number;
  requiresAdditionalOnly: boolean;
}

/**
 * How the browser pays: `hosted` sends it to Stripe Checkout (`url`); `embedded` mounts Stripe.js's
 * payment form with a `clientSecret` and the publishable key. `GET /api/stripe/config`.
 */
export type CheckoutMode = 'hosted' | 'embedded';

export interface StripeConfig {
  publishableKey: string | null;
  checkout: CheckoutMode;
}

/** `POST /api/stripe/create-subscription` body. */
export interface CreateSubscriptionRequest {
  priceId: string;
  planName?: string;
}
/** Longest price id or plan name a subscription's start takes (characters). */
export const SUBSCRIPTION_TEXT_MAX_LENGTH = 200;
/** Most generations one pack purchase buys. */
export const PACK_MAX_GENERATIONS = 1000;

/** `POST /api/stripe/additional-generations` body: the pack size on offer (15). */
export interface AdditionalGenerationsRequest {
  generations: number;
}

/** Answer of both purchase calls: a hosted checkout `url` or an embedded form's `clientSecret`. */
export type CheckoutStart = { url: string } | { clientSecret: string };

/** `POST /api/stripe/create-customer`. */
export interface CreateCustomerResponse {
  customerId: string;
}

/** `GET /api/stripe/sync-subscription` and `POST /api/stripe/cancel-subscription`. */
export interface SubscriptionSyncResponse {
  success: boolean;
  message: string;
  account: Account;
}

/** Over NATS: who buys, and the site origin Stripe returns the browser to. */
export interface PurchaseRequest {
  userId: string;
  email: string | null;
  origin: string;
}

export interface StartSubscriptionRequest extends PurchaseRequest, CreateSubscriptionRequest {}

export interface StartPackPurchaseRequest extends PurchaseRequest, AdditionalGenerationsRequest {}

/** A Stripe webhook as received: the raw body (signed byte for byte) and its Stripe-Signature header. */
export interface StripeWebhookRequest {
  payload: string;
  signature: string;
}

export interface StripeWebhookResult {
  received: true;
  /** The event was applied before (Stripe delivers at least once). */
  duplicate: boolean;
}

/** Longest a Stripe-backed request may take over NATS (the SDK retries twice within it). */
export const STRIPE_REQUEST_TIMEOUT_MS = 30_000;
