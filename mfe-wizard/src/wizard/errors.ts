import { faceCheckReasonOf, withCreditNotUsed } from '@lipcast/contracts';
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

/**
 * A failed lip-sync as a toast: as `failureToast`, and when the job failed (a 502: its reserved credit
 * was released) or the face check refused it before any charge, it says the credit was not used, as
 * the Creator and One Shot do. A canceled job (409) and other refusals say nothing of credits.
 */
export function lipSyncFailureToast(error: unknown): { title: string; description?: string } {
  const toast = failureToast(error);
  const creditKept = error instanceof ApiError && (error.status === 502 || faceCheckReasonOf(error.body) !== null);
  return creditKept && toast.description ? { ...toast, description: withCreditNotUsed(toast.description) } : toast;
}
