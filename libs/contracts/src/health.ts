import type { ServiceName } from './services';

export interface PingResponse {
  service: ServiceName;
  /** Result of a round trip to the service's own database. */
  database: 'up' | 'down';
  uptimeSeconds: number;
}

export type CheckStatus = 'up' | 'down';

export interface ReadinessResponse {
  status: 'ready' | 'not-ready';
  checks: Record<string, { status: CheckStatus; message?: string }>;
}
