import type { CaughtMail } from './catcher';

/**
 * For tests: the messages the local mail catcher holds for `address`, newest first (its JSON API).
 * The catcher is the one the integration runner started (`MAIL_CATCHER_URL`) unless said.
 */
export async function caughtMailTo(address: string, catcherUrl = process.env.MAIL_CATCHER_URL): Promise<CaughtMail[]> {
  if (!catcherUrl) throw new Error('MAIL_CATCHER_URL is not set: the integration runner starts the mail catcher');
  const answer = await fetch(`${catcherUrl}/api/messages?to=${encodeURIComponent(address)}`);
  if (!answer.ok) throw new Error(`the mail catcher answered ${answer.status}`);
  return (await answer.json()) as CaughtMail[];
}
