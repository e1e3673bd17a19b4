// Public read paths: plans, published blog posts, the landing page HTML.
// k6 run -e BASE_URL=http://localhost:3000 -e PROFILE=average deploy/k6/public-reads.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, PROFILES, THRESHOLDS, requireReady, summary } from './lib.js';

export const options = { ...PROFILES[__ENV.PROFILE || 'smoke'], thresholds: THRESHOLDS };

export function setup() {
  requireReady();
}

export default function () {
  check(http.get(`${BASE_URL}/api/stripe/plans`), { 'plans 200': (r) => r.status === 200 });
  check(http.get(`${BASE_URL}/api/blog/posts?published=true`), { 'posts 200': (r) => r.status === 200 });
  check(http.get(`${BASE_URL}/`), { 'landing 200': (r) => r.status === 200 });
  sleep(1);
}

export function handleSummary(data) {
  return summary(data, 'public-reads');
}
