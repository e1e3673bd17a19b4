// Shared k6 load profiles and checks. Base URL from the environment: k6 run -e BASE_URL=https://... script.js
import http from 'k6/http';

export const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';

export const PROFILES = {
  smoke: { vus: 2, duration: '30s' },
  average: { stages: [{ duration: '1m', target: 50 }, { duration: '5m', target: 50 }, { duration: '1m', target: 0 }] },
  stress: { stages: [{ duration: '2m', target: 200 }, { duration: '5m', target: 200 }, { duration: '2m', target: 0 }] },
  spike: { stages: [{ duration: '10s', target: 500 }, { duration: '1m', target: 500 }, { duration: '10s', target: 0 }] },
  soak: { stages: [{ duration: '5m', target: 50 }, { duration: '2h', target: 50 }, { duration: '5m', target: 0 }] },
};

export const THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  http_req_duration: ['p(95)<200', 'p(99)<500'],
};

/** Fails the run at once when the platform is not ready. */
export function requireReady() {
  const response = http.get(`${BASE_URL}/api/ready`);
  if (response.status !== 200) throw new Error(`${BASE_URL} is not ready: ${response.status} ${response.body}`);
}

export function summary(data, name) {
  return { [`k6-${name}-summary.json`]: JSON.stringify(data, null, 2) };
}
