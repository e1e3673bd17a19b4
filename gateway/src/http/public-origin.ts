import type { Request } from 'express';
import type { GatewaySettings } from '../settings';

/** This site's origin as the browser sees it: PUBLIC_URL in production, else the request's own. */
export function publicOrigin(settings: Pick<GatewaySettings, 'PUBLIC_URL'>, request: Request): string {
  return settings.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.get('host')}`;
}
