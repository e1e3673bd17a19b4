/**
 * The local Stripe stand-in as a process of its own (compose's local evaluation runs it as a
 * container when no Stripe keys are given). Configured by the environment:
 *   STRIPE_WEBHOOK_SECRET           signs the events it delivers (required; billing's STRIPE_WEBHOOK_SECRET)
 *   STRIPE_STAND_IN_WEBHOOK_URL     where events go, e.g. http://gateway:3000/api/stripe/webhook
 *   STRIPE_STAND_IN_PUBLIC_URL      the origin browsers reach its checkout page at (default: its own address)
 *   STRIPE_STAND_IN_STATE_FILE      keeps customers and subscriptions across restarts (skipped when not writable)
 *   STRIPE_STAND_IN_PORT            default 12111;  STRIPE_STAND_IN_HOST  default 127.0.0.1 (0.0.0.0 in a container)
 * Billing reaches it with STRIPE_API_URL=<its address> and the fixed key it prints.
 */
import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { startStripeStandIn } from '../stripe/stand-in.ts';
import { portFrom, required, stopOnSignal } from './serve-env.ts';

/** A state file only where it can be written (a fresh container volume may belong to root). */
function writableStateFile(path: string | undefined): string | undefined {
  if (!path) return undefined;
  try {
    accessSync(dirname(path), constants.W_OK);
    return path;
  } catch {
    console.warn(`[stripe stand-in] ${dirname(path)} is not writable: state is kept in memory only`);
    return undefined;
  }
}

const standIn = await startStripeStandIn({
  port: portFrom('STRIPE_STAND_IN_PORT', 12111),
  host: process.env.STRIPE_STAND_IN_HOST || '127.0.0.1',
  webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
  webhookUrl: process.env.STRIPE_STAND_IN_WEBHOOK_URL || undefined,
  publicUrl: process.env.STRIPE_STAND_IN_PUBLIC_URL || undefined,
  stateFile: writableStateFile(process.env.STRIPE_STAND_IN_STATE_FILE),
});
console.log(
  [
    '',
    '  LOCAL EVALUATION ONLY: a Stripe stand-in; no money moves. Card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.',
    `  listening on port ${standIn.port}, checkout pages at ${standIn.url}; secret key ${standIn.secretKey}`,
    '',
  ].join('\n'),
);
stopOnSignal(() => standIn.stop());
