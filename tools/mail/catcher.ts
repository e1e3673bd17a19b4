/**
 * The local mail catcher: an SMTP server that keeps every message it receives (nothing is delivered
 * onwards) and a small web server to read them, started by `npm start` and the test stacks when
 * `SMTP_URL` is unset (tools/lib/stack.ts). The content service sends to it with nodemailer, as it
 * would to a real SMTP relay.
 *
 *   GET  /                      the inbox (newest first), HTML
 *   GET  /messages/:id          one message: headers, plain text, and the HTML part in a sandboxed frame
 *   GET  /api/messages?to=      the messages as JSON (`CaughtMail[]`, newest first), optionally to one address
 *   GET  /api/messages/:id      one message as JSON
 *   DELETE /api/messages        forgets every message
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { jsonSender, listen, originOf, sendHtml, stopServer } from '../lib/http-stand-in.ts';

export interface CaughtMail {
  id: string;
  receivedAt: string;
  /** The envelope's sender and recipients (what the SMTP client said), lower-cased. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The message's headers that tests look at (`list-unsubscribe`, `list-unsubscribe-post`), lower-cased names. */
  headers: Record<string, string>;
}

export interface MailCatcher {
  /** Where senders connect: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  /** The page to read the mail: `http://127.0.0.1:<port>`. */
  url: string;
  messages(): CaughtMail[];
  stop(): Promise<void>;
}

/** How many messages are kept; older ones are dropped. */
const KEEP = 500;
const KEPT_HEADERS = ['list-unsubscribe', 'list-unsubscribe-post', 'message-id'];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) => entry.value.map((address) => address.address ?? '')).filter(Boolean);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ddd}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}iframe{width:100%;height:32rem;border:1px solid #ccc}</style>
</head><body><main>${body}</main></body></html>`;
}

function inboxPage(messages: CaughtMail[]): string {
  const rows = messages
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(new Date(mail.receivedAt).toLocaleString('en-GB'))}</td><td>${escapeHtml(mail.to.join(', '))}</td>` +
        `<td><a href="/messages/${mail.id}">${escapeHtml(mail.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Whatever Lipcast sends appears here.</p>';
  return page('Mail catcher', `<h1>Mail caught (${messages.length})</h1>${table}`);
}

function messagePage(mail: CaughtMail): string {
  const html = mail.html
    ? `<h2>HTML</h2><iframe title="The message's HTML part" sandbox srcdoc="${escapeHtml(mail.html)}"></iframe>`
    : '';
  return page(
    mail.subject,
    `<p><a href="/">All mail</a></p><h1>${escapeHtml(mail.subject || '(no subject)')}</h1>` +
      `<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>` +
      `<dt>Received</dt><dd>${escapeHtml(mail.receivedAt)}</dd></dl><h2>Plain text</h2><pre>${escapeHtml(mail.text)}</pre>${html}`,
  );
}

export async function startMailCatcher(options: { port?: number; smtpPort?: number; host?: string } = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const caught: CaughtMail[] = [];

  const smtp = new SMTPServer({
    // A local catcher: no TLS, no authentication (a client that offers credentials is accepted too).
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'local' }),
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const value = parsed.headerLines.find((line) => line.key === name)?.line;
            if (value) headers[name] = value.slice(value.indexOf(':') + 1).trim();
          }
          const envelopeTo = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
          caught.unshift({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: (session.envelope.mailFrom ? session.envelope.mailFrom.address : '').toLowerCase(),
            to: envelopeTo.length ? envelopeTo : addresses(parsed.to).map((address) => address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
          });
          caught.length = Math.min(caught.length, KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve((smtp.server.address() as { port: number }).port));
  });

  const sendJson = jsonSender();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const one = /^\/(api\/)?messages\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/') return sendHtml(res, 200, inboxPage(caught));
    if (req.method === 'GET' && url.pathname === '/api/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return sendJson(res, 200, to ? caught.filter((mail) => mail.to.includes(to)) : caught);
    }
    if (req.method === 'DELETE' && url.pathname === '/api/messages') {
      caught.length = 0;
      return sendJson(res, 200, { deleted: true });
    }
    if (req.method === 'GET' && one) {
      const mail = caught.find((candidate) => candidate.id === one[2]);
      if (!mail) return one[1] ? sendJson(res, 404, { error: 'No such message' }) : sendHtml(res, 404, page('Not found', '<h1>No such message</h1><p><a href="/">All mail</a></p>'));
      return one[1] ? sendJson(res, 200, mail) : sendHtml(res, 200, messagePage(mail));
    }
    sendJson(res, 404, { error: 'Not found' });
  };
  const http = createServer(handle);
  const port = await listen(http, options.port ?? 0, host);

  return {
    smtpUrl: `smtp://${host.includes(':') ? `[${host}]` : host}:${smtpPort}`,
    url: originOf(host, port),
    messages: () => [...caught],
    stop: async () => {
      await stopServer(http);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
