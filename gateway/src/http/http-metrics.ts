import type { NextFunction, Request, Response } from 'express';
import { counter, gauge, histogram, REQUEST_SECONDS_BUCKETS, secondsSince } from '@lipcast/nest-kit';
import { isApiPath } from '../web/front-end';

/**
 * The gateway's HTTP metrics (see ARCHITECTURE.md, "Metrics"). A request is labelled by the route
 * template it matched (`/api/jobs/:id`), never its raw path: API paths no route matched are
 * `unmatched`, the front end's files and pages `static`, so the label takes a bounded set of values.
 */
export function routeLabel(request: Pick<Request, 'route' | 'baseUrl' | 'path'>): string {
  const template = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof template === 'string') return `${request.baseUrl ?? ''}${template}`;
  return isApiPath(request.path) ? 'unmatched' : 'static';
}

/** Methods outside the usual ones are one label, so a client inventing methods adds no series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

const httpRequests = counter({
  name: 'lipcast_http_requests_total',
  help: 'HTTP requests answered by the gateway, by route template, method and status',
  labelNames: ['route', 'method', 'status'],
});
const httpSeconds = histogram({
  name: 'lipcast_http_request_duration_seconds',
  help: 'Time from a request received to its answer finished (an event stream: to its end), by route template and method',
  labelNames: ['route', 'method'],
  buckets: REQUEST_SECONDS_BUCKETS,
});
const refusals = counter({
  name: 'lipcast_http_refusals_total',
  help: 'Requests refused with 429, by reason: rate_limit (the per-address limits, too many open streams) or quota (a spent daily quota)',
  labelNames: ['reason'],
});

/** Counts and times every request once it is over (answered, or its connection gone). */
export function httpMetricsMiddleware() {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    response.once('close', () => {
      const route = routeLabel(request);
      const method = methodLabel(request.method);
      httpRequests.inc({ route, method, status: String(response.statusCode) });
      httpSeconds.observe({ route, method }, secondsSince(started));
    });
    next();
  };
}

/** A 429 the error filter answers, by why (its body says `quotaExceeded` for a spent quota). */
export function recordRefusal(reason: 'rate_limit' | 'quota'): void {
  refusals.inc({ reason });
}

/** What the open-streams gauge reads at scrape time. */
export interface OpenPlaces {
  streamsOpen(): number;
  heldOpen(): number;
}

let openPlaces: OpenPlaces | null = null;

gauge({
  name: 'lipcast_http_open_streams',
  help: 'Job event streams (kind="stream") and held lip-sync/clip requests (kind="held") open on this gateway',
  labelNames: ['kind'],
  collect() {
    if (!openPlaces) return;
    this.set({ kind: 'stream' }, openPlaces.streamsOpen());
    this.set({ kind: 'held' }, openPlaces.heldOpen());
  },
});

/** Where the open-streams gauge reads from (the gateway's `OpenStreams`). */
export function watchOpenStreams(places: OpenPlaces): void {
  openPlaces = places;
}
