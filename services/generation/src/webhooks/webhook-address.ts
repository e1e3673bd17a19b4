import { checkedAddress, ServiceError, UnsafeUrlError } from '@lipcast/nest-kit';

/**
 * A webhook URL whose address the senders would refuse (private, loopback, link-local, metadata; its
 * name resolved now) is refused where it is given (an endpoint's registration, a video's own
 * `webhook_url`), saying why, as a validation error on `field`. The senders check again on every
 * attempt (a name may resolve elsewhere later); a name that does not resolve yet is left to them.
 */
export async function refuseUnreachableWebhookUrl(url: string, field: string, allowLoopback: boolean): Promise<void> {
  try {
    await checkedAddress(new URL(url), { allowLoopback });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw ServiceError.validation(`${field} must reach the public internet: ${error.message}`, { field });
    if (error instanceof TypeError) throw ServiceError.validation(`${field} must be an http or https URL`, { field });
  }
}
