import { defineEntity, p } from '@mikro-orm/core';

/**
 * One rate-limit counter (limit, route and client) shared by every gateway replica: hits claimed in
 * the window that ends at `windowEndsAt`. The table is unlogged (its migration says so; entities cannot).
 */
export const RateLimitEntity = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limit',
  properties: {
    key: p.string().length(128).primary(),
    hits: p.integer(),
    windowEndsAt: p.datetime().index(),
  },
});
