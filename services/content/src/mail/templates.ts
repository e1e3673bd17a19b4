/**
 * The platform's mails, each rendered as plain text and HTML from one description. Whatever comes
 * from users or other services (names, addresses, URLs) is escaped in the HTML; links are shown in
 * full in the text part. Newsletter mails cannot be made without an unsubscribe link.
 */
import { EXTRA_PACK_GENERATIONS } from '@lipcast/contracts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (`List-Unsubscribe` on newsletter mail). */
  headers: Record<string, string>;
}

/** One block of a mail: a paragraph, or a call to action (a button in HTML, the URL on its own line in text). */
type Block = { paragraph: string } | { action: string; url: string };

interface MailContent {
  subject: string;
  /** Shown before the first line by mail clients (HTML only). */
  preview: string;
  greeting: string;
  blocks: Block[];
  /** The small print at the bottom (why this mail came, how to stop it). */
  footer: Block[];
  headers?: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** Only http(s) links go into mail: anything else would be a script or a local file in some clients. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Refusing a ${parsed.protocol} link in mail`);
  return parsed.toString();
}

function textOf(block: Block): string {
  return 'paragraph' in block ? block.paragraph : `${block.action}: ${safeUrl(block.url)}`;
}

function htmlOf(block: Block, small = false): string {
  const style = small ? 'margin:0 0 8px;font-size:13px;color:#555' : 'margin:0 0 16px';
  if ('paragraph' in block) return `<p style="${style}">${escapeHtml(block.paragraph)}</p>`;
  if (small) return `<p style="${style}"><a href="${escapeHtml(safeUrl(block.url))}" style="color:#555">${escapeHtml(block.action)}</a></p>`;
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(safeUrl(block.url))}" ` +
    `style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(block.action)}</a></p>`
  );
}

function render(content: MailContent): RenderedMail {
  const text = [content.greeting, ...content.blocks.map(textOf), '--', ...content.footer.map(textOf)].join('\n\n') + '\n';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;background:#f4f4f5;font:16px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;color:#18181b">` +
    `<span style="display:none">${escapeHtml(content.preview)}</span>` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#fff">` +
    `<p style="margin:0 0 24px;font-weight:700;font-size:20px">Lipcast</p>` +
    `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${content.blocks.map((block) => htmlOf(block)).join('')}` +
    `<hr style="border:0;border-top:1px solid #e4e4e7;margin:24px 0">${content.footer.map((block) => htmlOf(block, true)).join('')}` +
    `</div></body></html>`;
  return { subject: content.subject, text, html, headers: content.headers ?? {} };
}

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi,');

export interface VideoReadyMail {
  name: string | null;
  /** The page with the video (the user's projects). */
  videoUrl: string;
  /** Where the user turns these mails off (`/profile`). */
  preferencesUrl: string;
}

export function videoReadyMail(mail: VideoReadyMail): RenderedMail {
  return render({
    subject: 'Your video is ready',
    preview: 'Your lip-synced video has finished rendering.',
    greeting: greeting(mail.name),
    blocks: [{ paragraph: 'Your video has finished rendering and is waiting for you.' }, { action: 'Watch your video', url: mail.videoUrl }],
    footer: [
      { paragraph: 'You get this mail because a video finished while you were away from Lipcast.' },
      { action: 'Turn off "video ready" mails in your profile', url: mail.preferencesUrl },
    ],
  });
}

export interface PaymentMail {
  name: string | null;
  kind: 'premium' | 'pack';
  /** Generations the pack added (for `pack`; the pack's size when absent). */
  generations?: number;
  /** Where to start creating. */
  createUrl: string;
  profileUrl: string;
}

export function paymentMail(mail: PaymentMail): RenderedMail {
  const premium = mail.kind === 'premium';
  const generations = mail.generations ?? EXTRA_PACK_GENERATIONS;
  const added = `${generations} extra generations added`;
  return render({
    subject: premium ? 'Premium is active' : added,
    preview: premium ? 'Your Premium subscription is active.' : `${added} to your account.`,
    greeting: greeting(mail.name),
    blocks: [
      {
        paragraph: premium
          ? 'Thank you for subscribing: Premium is active, with your monthly generations ready to use. Stripe sends the receipt for the payment separately.'
          : `Thank you for your purchase: ${generations} extra generations were added to your account. They do not expire. Stripe sends the receipt for the payment separately.`,
      },
      { action: 'Create a video', url: mail.createUrl },
    ],
    footer: [{ paragraph: 'You get this mail because of a payment on your Lipcast account.' }, { action: 'Your plan and generations', url: mail.profileUrl }],
  });
}

export interface WebhookDisabledMail {
  name: string | null;
  /** The endpoint's URL, as its owner registered it. */
  url: string;
  /** Its failed deliveries in a row that disabled it. */
  failures: number;
  /** Where the owner enables it again (`/profile`, Webhooks). */
  profileUrl: string;
  /** The public API's enable route for this endpoint, shown as text (a POST with a key, not a link to follow). */
  enableApiUrl: string;
}

export function webhookDisabledMail(mail: WebhookDisabledMail): RenderedMail {
  const failed = `${mail.failures} failed ${mail.failures === 1 ? 'delivery' : 'deliveries'} in a row`;
  return render({
    subject: 'Your webhook endpoint was disabled',
    preview: `Lipcast stopped sending events to ${mail.url} after ${failed}.`,
    greeting: greeting(mail.name),
    blocks: [
      {
        paragraph:
          `Lipcast disabled your webhook endpoint ${mail.url} after ${failed}: ` +
          'none of their attempts, retries included, was answered with a 2xx status.',
      },
      { paragraph: 'It gets no events while it is disabled, and those it misses are not sent later.' },
      {
        paragraph:
          'Once it answers again, enable it in your profile, under Webhooks, or with the API: ' +
          `POST ${mail.enableApiUrl} with a key of the webhooks:manage scope.`,
      },
      { action: 'Enable it in your profile', url: mail.profileUrl },
    ],
    footer: [{ paragraph: 'You get this mail because a webhook endpoint of your Lipcast account was disabled.' }],
  });
}

export interface NewsletterConfirmationMail {
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** The double opt-in: nothing more is sent to the address unless the link is followed. */
export function newsletterConfirmationMail(mail: NewsletterConfirmationMail): RenderedMail {
  return newsletterMail({
    subject: 'Confirm your Lipcast newsletter subscription',
    preview: 'Confirm your subscription: open the link, then press the button.',
    blocks: [
      { paragraph: 'Please confirm that you want the Lipcast newsletter at this address.' },
      { action: 'Confirm my subscription', url: mail.confirmUrl },
      { paragraph: 'If you did not sign up, ignore this mail: you will not hear from us again.' },
    ],
    unsubscribeUrl: mail.unsubscribeUrl,
  });
}

/** Any newsletter mail: its unsubscribe link is in the footer and in the `List-Unsubscribe` header. */
export function newsletterMail(mail: { subject: string; preview: string; blocks: Block[]; unsubscribeUrl: string }): RenderedMail {
  return render({
    subject: mail.subject,
    preview: mail.preview,
    greeting: 'Hello,',
    blocks: mail.blocks,
    footer: [{ paragraph: 'You get this mail because this address was signed up to the Lipcast newsletter.' }, { action: 'Unsubscribe', url: mail.unsubscribeUrl }],
    headers: { 'List-Unsubscribe': `<${safeUrl(mail.unsubscribeUrl)}>` },
  });
}
