import { defineEntity, p } from '@mikro-orm/core';
import type { SessionData } from 'express-session';

/** One server-side session (express-session's data), shared by every gateway replica; past `expiresAt` it is gone. */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    sid: p.string().length(128).primary(),
    data: p.json<SessionData>(),
    expiresAt: p.datetime().index(),
  },
});
