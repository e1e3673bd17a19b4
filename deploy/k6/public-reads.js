// Public read paths: plans, published blog posts, built-in actors, the landing page HTML.
//   k6 run -e BASE_URL=http://localhost:3000 -e PROFILE=average deploy/k6/public-reads.js
// Each iteration asks each route once and sleeps 1 s; every VU shares the load generator's address,
// so keep VUs × 60 per minute under RATE_LIMIT_PER_MINUTE (LIMITS in lib.js) or raise it on the gateway.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, LIMITS, PROFILES, THRESHOLDS, requireReady, summary } from './lib.js';

export const options = { ...PROFILES[__ENV.PROFILE || 'smoke'], thresholds: THRESHOLDS };

export function setup() {
  requireReady();
  const peakVus = Math.max(options.vus || 0, ...(options.stages || []).map((stage) => stage.target));
  if (peakVus * 60 > LIMITS.apiPerRoutePerMinute) {
    console.warn(`${peakVus} VUs ask each route ${peakVus * 60} times a minute, above the gateway's ${LIMITS.apiPerRoutePerMinute}: expect 429s unless RATE_LIMIT_PER_MINUTE is raised`);
  }
}

export default function () {
  check(http.get(`${BASE_URL}/api/stripe/plans`), { 'plans 200': (r) => r.status === 200 });
  check(http.get(`${BASE_URL}/api/blog/posts?published=true`), { 'posts 200': (r) => r.status === 200 });
  check(http.get(`${BASE_URL}/api/actors`), { 'actors 200': (r) => r.status === 200 });
  check(http.get(`${BASE_URL}/`), { 'landing 200': (r) => r.status === 200 });
  sleep(1);
}

export function handleSummary(data) {
  return summary(data, 'public-reads');
}
