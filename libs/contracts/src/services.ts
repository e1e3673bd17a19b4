/** The back-end services; each name is also its NATS queue group and its PostgreSQL schema. */
export const SERVICE_NAMES = ['auth', 'generation', 'billing', 'content'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
