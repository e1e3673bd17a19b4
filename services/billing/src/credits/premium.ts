/** The account columns that decide the plan. */
export interface PlanColumns {
  subscription_status: string | null;
  period_start: Date | null;
  period_end: Date | null;
}

/** Premium while the subscription is active and its paid period has not ended. */
export const isPremium = (account: PlanColumns, now = new Date()) =>
  account.subscription_status === 'active' && account.period_end !== null && new Date(account.period_end) > now && account.period_start !== null;
