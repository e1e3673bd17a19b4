import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One newsletter address; unique on `lower(email)` (an expression index made by the migration). */
export const NewsletterSubscriberEntity = defineEntity({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscriber',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  },
});

export type NewsletterSubscriber = InferEntity<typeof NewsletterSubscriberEntity>;
