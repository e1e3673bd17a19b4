import { ApiError, RATE_LIMIT_MESSAGE } from '@lipcast/web-kit';

/** A failed audio or lip-sync call as a toast (spec section 8): the status as the title, the server's words below. */
export function failureToast(error: unknown): { title: string; description?: string } {
  if (error instanceof ApiError) {
    // web-kit already chose the words: the generic rate-limit text, or a spent daily quota's own message.
    if (error.status === 429 || error.message === RATE_LIMIT_MESSAGE) return { title: 'Error', description: error.message };
    return { title: `Request failed with status ${error.status}`, description: error.message };
  }
  return { title: 'Error', description: error instanceof Error ? error.message : String(error) };
}
