import type { ServiceName } from './services';

export interface PingResponse {
  service: ServiceName;
  /** Result of a round trip to the service's own database. */
  database: 'up' | 'down';
  uptimeSeconds: number;
}

export type CheckStatus = 'up' | 'down';

/** `GET /api/ready`: up or down per check, never the error text (that is operator-only). */
export interface ReadinessResponse {
  status: 'ok' | 'unavailable';
  checks: Record<string, { status: CheckStatus }>;
}
