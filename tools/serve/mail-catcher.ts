/**
 * The local mail catcher as a process of its own (compose's local evaluation runs it as a container
 * when no SMTP relay is given). Configured by the environment:
 *   MAIL_CATCHER_SMTP_PORT   where the content service sends (SMTP_URL=smtp://<host>:<port>), default 1025
 *   MAIL_CATCHER_PORT        the page to read the mail (and its JSON API), default 1080
 *   MAIL_CATCHER_HOST        default 127.0.0.1 (0.0.0.0 in a container)
 */
import { startMailCatcher } from '../mail/catcher.ts';
import { portFrom, stopOnSignal } from './serve-env.ts';

const catcher = await startMailCatcher({
  host: process.env.MAIL_CATCHER_HOST || '127.0.0.1',
  smtpPort: portFrom('MAIL_CATCHER_SMTP_PORT', 1025),
  port: portFrom('MAIL_CATCHER_PORT', 1080),
});
console.log(['', '  LOCAL EVALUATION ONLY: a mail catcher; nothing is delivered.', `  SMTP at ${catcher.smtpUrl}, the mail at ${catcher.url}`, ''].join('\n'));
stopOnSignal(() => catcher.stop());
