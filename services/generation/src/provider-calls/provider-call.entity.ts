import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type ProviderCallStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/**
 * One prediction a job asked a provider for, keyed per job by the adapter and its call number
 * (`<epoch>:<adapter>#<n>`), so a job that runs again (resumed, or redelivered after its worker
 * died) finds the calls it already made instead of paying for them twice.
 */
export const ProviderCallEntity = defineEntity({
  name: 'ProviderCall',
  tableName: 'provider_call',
  properties: {
    id: p.uuid().primary(),
    jobId: p.uuid(),
    callKey: p.string().length(200),
    provider: p.string().length(50),
    predictionId: p.string().length(200),
    status: p.string().$type<ProviderCallStatus>(),
    /** The provider's final prediction (status, output URLs, error), once it ended. */
    prediction: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Past it a pending prediction is cancelled and the call fails as timed out. */
    deadlineAt: p.datetime(),
    nextPollAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});

export type ProviderCall = InferEntity<typeof ProviderCallEntity>;
