import { defineEntity, p } from '@mikro-orm/core';

/**
 * A creator's voice cloned at a provider (issue 35, item 5): private to them, `clone:<id>` in speech
 * requests. Keeps the provider's voice id, a copy of the sample it was cloned from (to clone it again
 * when the provider has dropped it) and the voice consent given for the cloning; removed with that
 * consent (the account's deletion).
 */
export const ClonedVoiceEntity = defineEntity({
  name: 'ClonedVoice',
  tableName: 'cloned_voice',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    name: p.string().length(40),
    /** Which adapter cloned it (`replicate`): a voice is spoken only where it was made. */
    provider: p.string().length(32),
    providerVoiceId: p.string().length(256),
    sampleKey: p.string().length(512),
    consentId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    /** The last speech in this voice (ours or the keep-alive's): MiniMax drops a voice 7 days unused. */
    lastUsedAt: p.datetime().defaultRaw('now()'),
  },
});
