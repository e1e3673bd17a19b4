import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@lipcast/contracts';
import { toast } from '@lipcast/web-kit';
import { PLANS_QUERY_KEY } from './plans';

export const PLANS_FAILED_TOAST = { title: 'Error', description: 'Failed to load subscription plans', variant: 'destructive' } as const;

/** The plans on sale (`GET /api/stripe/plans`); a failure shows the spec's destructive toast once. */
export function usePlans() {
  const query = useQuery<Plan[]>({ queryKey: PLANS_QUERY_KEY });
  const { isError } = query;
  useEffect(() => {
    if (isError) toast(PLANS_FAILED_TOAST);
  }, [isError]);
  return query;
}
