import { defineEntity, p } from '@mikro-orm/core';

/** A user's choice of mails (`/profile`); no row means every mail is on. */
export const MailPreferenceEntity = defineEntity({
  name: 'MailPreference',
  tableName: 'mail_preference',
  properties: {
    userId: p.uuid().primary(),
    videoReady: p.boolean().default(true),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

/** One row per mail that must go once (a job's "video ready", a payment's companion, a webhook endpoint's disabling): its kind and what it is about. No address is kept. */
export const SentMailEntity = defineEntity({
  name: 'SentMail',
  tableName: 'sent_mail',
  properties: {
    kind: p.string().length(40).primary(),
    key: p.string().length(200).primary(),
    sentAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  },
});
