import { ADMIN_API_PREFIX, type AdminJobFilter } from '@lipcast/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, isPaymentRequired, type HttpMethod } from '@lipcast/web-kit';

/**
 * Every `/api/admin` address the console calls, in one place (libs/contracts/src/admin.ts has the
 * shapes). The gateway answers 403 to anyone without the admin role.
 */
export const adminUrls = {
  queue: `${ADMIN_API_PREFIX}/queue`,
  jobs: (filter: AdminJobFilter) => `${ADMIN_API_PREFIX}/jobs${queryString({ ...filter })}`,
  job: (id: string) => `${ADMIN_API_PREFIX}/jobs/${encodeURIComponent(id)}`,
  cancelJob: (id: string) => `${ADMIN_API_PREFIX}/jobs/${encodeURIComponent(id)}/cancel`,
  retryJob: (id: string) => `${ADMIN_API_PREFIX}/jobs/${encodeURIComponent(id)}/retry`,
  users: (query: string) => `${ADMIN_API_PREFIX}/users${queryString({ query })}`,
  user: (id: string) => `${ADMIN_API_PREFIX}/users/${encodeURIComponent(id)}`,
  credits: (userId: string) => `${ADMIN_API_PREFIX}/users/${encodeURIComponent(userId)}/credits`,
  posts: `${ADMIN_API_PREFIX}/posts`,
  post: (id: number) => `${ADMIN_API_PREFIX}/posts/${id}`,
  galleryReports: `${ADMIN_API_PREFIX}/gallery/reports`,
  withdraw: (influencerId: string) => `${ADMIN_API_PREFIX}/gallery/${encodeURIComponent(influencerId)}/withdraw`,
  audit: `${ADMIN_API_PREFIX}/audit`,
} as const;

/** `?a=1&b=x` from the defined, non-empty values (empty string when none). */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** An admin write (no paywall can answer here): resolves with the body or raises `ApiError`. */
export async function adminRequest<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const result = await apiRequest<T>(method, url, data);
  if (isPaymentRequired(result)) throw new ApiError('402: Payment Required', 402, result);
  return result;
}

/** Whether a failed load means "not an operator" (the console then shows the no-access page). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The message to show for a failed call. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** Reloads everything the console shows (every query key is an `/api/admin` address), after an action changed it. */
export function refreshAdminData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(ADMIN_API_PREFIX) });
}
