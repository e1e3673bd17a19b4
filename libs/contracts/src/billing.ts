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

export const FREE_GENERATIONS = 3;
export const PREMIUM_GENERATIONS_PER_PERIOD = 60;
export const EXTRA_PACK_GENERATIONS = 15;

/** A user's plan and usage, composed into `GET /api/auth/user` (spec section 3, User). */
export interface Account {
  generationsCount: number;
  /** "active" means premium; anything else is the free tier. */
  subscriptionStatus: string | null;
  subscriptionPlan: string | null;
  subscriptionPeriodEnd: string | null;
}

export interface GetAccountRequest {
  userId: string;
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
