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
