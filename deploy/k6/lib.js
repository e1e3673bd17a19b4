// Shared k6 load profiles, limits and checks. Base URL from the environment:
//   k6 run -e BASE_URL=https://lipcast.example -e PROFILE=average deploy/k6/public-reads.js
// k6 is not installed on the project's machines: these run in operators' environments. The
// figures measured in the project come from `npm run bench`.
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');

export const PROFILES = {
  smoke: { vus: 2, duration: '30s' },
  average: { stages: [{ duration: '1m', target: 50 }, { duration: '5m', target: 50 }, { duration: '1m', target: 0 }] },
  stress: { stages: [{ duration: '2m', target: 200 }, { duration: '5m', target: 200 }, { duration: '2m', target: 0 }] },
  spike: { stages: [{ duration: '10s', target: 500 }, { duration: '1m', target: 500 }, { duration: '10s', target: 0 }] },
  soak: { stages: [{ duration: '5m', target: 50 }, { duration: '2h', target: 50 }, { duration: '5m', target: 0 }] },
};

/**
 * The gateway's rate limits (per client address and minute; a load generator is one address), as
 * the gateway's defaults set them: RATE_LIMIT_PER_MINUTE per route, SIGN_IN_RATE_LIMIT_PER_MINUTE
 * on /api/login and /api/callback, and PREVIEW_RATE_LIMIT_PER_MINUTE per route on speech, scripts,
 * portraits and picture checks (per signed-in user, so per address only when signed out). Above them
 * the gateway answers 429 by design. Raise the gateway's settings for a load test from one address,
 * or pass the raised values here (-e RATE_LIMIT_PER_MINUTE=...). deploy/deploy.spec.ts keeps these
 * defaults equal to the gateway's.
 */
export const LIMITS = {
  apiPerRoutePerMinute: Number(__ENV.RATE_LIMIT_PER_MINUTE || 600),
  signInPerMinute: Number(__ENV.SIGN_IN_RATE_LIMIT_PER_MINUTE || 30),
  previewPerUserPerMinute: Number(__ENV.PREVIEW_RATE_LIMIT_PER_MINUTE || 30),
};

export const THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  http_req_duration: ['p(95)<200', 'p(99)<500'],
};

/** Fails the run at once when the platform is not ready (`/api/ready`: the gateway's PostgreSQL and NATS). */
export function requireReady() {
  const response = http.get(`${BASE_URL}/api/ready`);
  if (response.status !== 200) throw new Error(`${BASE_URL} is not ready: ${response.status} ${response.body}`);
}

/** Requests per second that keep `perMinute` requests a minute on one route under its limit, with a margin. */
export function underLimit(perMinute) {
  return (perMinute * 0.8) / 60;
}

export function summary(data, name) {
  return { [`k6-${name}-summary.json`]: JSON.stringify(data, null, 2) };
}
