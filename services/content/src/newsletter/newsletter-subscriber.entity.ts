import { defineEntity, p } from '@mikro-orm/core';

/**
 * One newsletter address; unique on `lower(email)` (an expression index made by the migration).
 * Double opt-in: a sign-up is inactive (`confirmedAt` null) until its confirmation link is followed;
 * the tokens of its links are random (244 bits), unique, and never shown anywhere but in its mail.
 */
export const NewsletterSubscriberEntity = defineEntity({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscriber',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    /** When the address was confirmed: only confirmed addresses get the newsletter. */
    confirmedAt: p.datetime().nullable(),
    /** When the confirmation mail last went (signing up again resends it at most every `CONFIRMATION_RESEND_MINUTES`). */
    confirmationSentAt: p.datetime().nullable(),
    // Made by the database (column defaults: 64 hex characters from two random UUIDs).
    confirmToken: p.string().length(64).unique().defaultRaw(`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    unsubscribeToken: p.string().length(64).unique().defaultRaw(`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
});
