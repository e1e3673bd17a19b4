import { browser } from './browser';

/** What the server's 402 `{requiresPayment: true, limit, requiresAdditionalOnly}` asks the user to do. */
export interface PaymentRequest {
  /** The allowance that ran out (free tier: 3). */
  limit: number;
  /** True when the user already subscribes and can only buy an extra pack. */
  requiresAdditionalOnly: boolean;
}

export type PaymentHandler = (request: PaymentRequest) => void;

export const DEFAULT_PAYMENT_LIMIT = 3;

/** Newest last: a screen may register its own handler and hand back to the global paywall when it unmounts. */
const handlers: PaymentHandler[] = [];

/** Registers the paywall; the returned function unregisters exactly this handler. */
export function registerPaymentHandler(handler: PaymentHandler): () => void {
  handlers.push(handler);
  return () => {
    const index = handlers.lastIndexOf(handler);
    if (index !== -1) handlers.splice(index, 1);
  };
}

/**
 * Asks the user to pay. Without a registered paywall (the billing remote failed to load, say) the user
 * still gets somewhere useful: the page where the same purchase can be made.
 */
export function requestPayment(request: PaymentRequest): void {
  const handler = handlers.at(-1);
  if (handler) {
    handler(request);
    return;
  }
  const fallbackPath = request.requiresAdditionalOnly ? '/additional-generations' : '/subscribe';
  console.warn(`No payment handler registered; sending the user to ${fallbackPath}`);
  browser.assign(fallbackPath);
}
