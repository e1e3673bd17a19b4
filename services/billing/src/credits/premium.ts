/** The account columns that decide the plan. */
export interface PlanColumns {
  subscriptionStatus: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** Premium while the subscription is active and its paid period has not ended. */
export const isPremium = <T extends PlanColumns>(account: T, now = new Date()): account is T & { periodStart: Date; periodEnd: Date } =>
  account.subscriptionStatus === 'active' && account.periodEnd !== null && account.periodEnd > now && account.periodStart !== null;
