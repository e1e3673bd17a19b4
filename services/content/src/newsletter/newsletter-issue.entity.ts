import { defineEntity, p } from '@mikro-orm/core';

/**
 * One newsletter issue an operator sent to the confirmed subscribers. Who got it is in `sent_mail`
 * (kind `newsletter-<id>`, keyed by the subscriber's id), so a resumed send mails only the rest.
 */
export const NewsletterIssueEntity = defineEntity({
  name: 'NewsletterIssue',
  tableName: 'newsletter_issue',
  properties: {
    id: p.integer().primary().autoincrement(),
    subject: p.string().length(150),
    /** Plain paragraphs separated by blank lines (each becomes a paragraph of the mail). */
    body: p.text(),
    /** The operator's user id. */
    createdBy: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    /** Subscribers it has gone to so far (raised after each mail the relay accepted). */
    sentCount: p.integer().default(0),
    /** `sentCount` plus the subscribers still to mail when the last send or resume started. */
    recipientCount: p.integer().default(0),
    /** When a run mailed everyone it had to; null while sending, or after the relay stopped a run. */
    finishedAt: p.datetime().nullable(),
  },
});
