import { defineEntity, p } from '@mikro-orm/core';
import { QUOTA_KINDS } from '@lipcast/contracts';

/** How many previews of one kind a user had on one UTC day (`day` is `YYYY-MM-DD`). */
export const DailyUsageEntity = defineEntity({
  name: 'DailyUsage',
  tableName: 'daily_usage',
  properties: {
    userId: p.uuid().primary(),
    kind: p.enum(QUOTA_KINDS).primary(),
    day: p.string().columnType('date').primary(),
    used: p.integer(),
  },
});
