import { ADMIN_API_PREFIX } from '@lipcast/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, toast } from '@lipcast/web-kit';

/** Whether a failed load means "not an operator" (the console then shows the no-access page). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The message to show for a failed call. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** Reloads everything the console shows (every query key is an `/api/admin` address from contracts' API_ROUTES.admin), after an action changed it. */
export function refreshAdminData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(ADMIN_API_PREFIX) });
}

/** An operator action: its toast says what it did (`action`'s answer) or, titled `failed`, why not; the console reloads either way. */
export async function runAdminAction(queryClient: QueryClient, failed: string, action: () => Promise<string>): Promise<void> {
  try {
    toast({ title: await action(), variant: 'success' });
  } catch (failure) {
    toast({ title: failed, description: errorText(failure), variant: 'destructive' });
  } finally {
    await refreshAdminData(queryClient);
  }
}
