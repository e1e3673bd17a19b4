import { escapeHtml } from '../web/page-head';

/**
 * The small pages the newsletter's mail links open (confirmation, unsubscribe): plain HTML served by
 * the gateway, readable without the front end or a session.
 */
export function newsletterPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Lipcast</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#18181b}` +
    `button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4f46e5;color:#fff;cursor:pointer}` +
    `button:focus-visible{outline:3px solid #18181b;outline-offset:2px}a{color:#4f46e5}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back to Lipcast</a></p></main></body></html>`
  );
}

/** Asks before confirming a sign-up: mail scanners open links, and only a person presses the button. */
export const confirmPage = (token: string) =>
  newsletterPage(
    'Confirm your newsletter subscription',
    `<form method="post" action="/api/newsletter/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<p>Press the button to get the Lipcast newsletter at this address.</p><p><button type="submit">Confirm subscription</button></p></form>`,
  );

export const confirmedPage = (email: string) =>
  newsletterPage('Subscription confirmed', `<p>Thank you: <strong>${escapeHtml(email)}</strong> will get the Lipcast newsletter. Every issue has a link to unsubscribe.</p>`);

export const invalidLinkPage = (message: string) => newsletterPage('This link does not work', `<p>${escapeHtml(message)}</p>`);

/** Asks before unsubscribing: mail scanners open links, and only a person presses the button. */
export const unsubscribePage = (token: string) =>
  newsletterPage(
    'Unsubscribe from the newsletter',
    `<form method="post" action="/api/newsletter/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<p>Press the button to stop getting the Lipcast newsletter at this address.</p><p><button type="submit">Unsubscribe</button></p></form>`,
  );

export const unsubscribedPage = () => newsletterPage('You are unsubscribed', '<p>You will not get the Lipcast newsletter any more. You can sign up again at any time.</p>');
