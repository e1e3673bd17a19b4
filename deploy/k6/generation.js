// Loads the worker pool the way the wizard does: sign in, make speech, then a lip-sync with the 202
// protocol (ask with `Prefer: respond-async`, follow the job, ask again until 200 with the video).
//   k6 run -e BASE_URL=http://localhost:3000 -e RATE=10 -e DURATION=10m deploy/k6/generation.js
// Sign-in goes through the development identity provider's form (compose's local evaluation, or a
// staging site started with it): each iteration is a new user, because a free user has 3
// generations and a daily speech quota. A site on a real issuer cannot be signed into by a script.
// Arrivals are paced under the gateway's limits for one address (sign-in: 30 a minute; speech: the
// route's limit per address, since each iteration's new user has a preview allowance of its own;
// LIMITS in lib.js): RATE (iterations per minute) is capped there unless the gateway's limits are
// raised and passed in. Watch the workers scale (KEDA) while it runs.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, LIMITS, requireReady, summary } from './lib.js';

const perMinute = Math.min(Number(__ENV.RATE || 10), LIMITS.signInPerMinute * 0.8, LIMITS.apiPerRoutePerMinute * 0.8);
/** The wizard asks again up to 5 times, each held up to 100 s (LIPSYNC_HOLD_MS) by the gateway. */
const MAX_ASKS = 5;

export const options = {
  scenarios: {
    generation: {
      executor: 'constant-arrival-rate',
      rate: Math.max(1, Math.floor(perMinute)),
      timeUnit: '1m',
      duration: __ENV.DURATION || '5m',
      preAllocatedVUs: Number(__ENV.VUS || 20),
      maxVUs: Number(__ENV.MAX_VUS || 100),
    },
  },
  thresholds: {
    'checks{step:lipsync}': ['rate>0.95'],
    generation_seconds: ['p(95)<300'],
  },
};

const generationSeconds = new Trend('generation_seconds');
const videosMade = new Counter('videos_made');

export function setup() {
  requireReady();
  const actors = http.get(`${BASE_URL}/api/actors`).json();
  if (!Array.isArray(actors) || actors.length === 0) fail('no built-in actors: has the seed run?');
  return { actor: actors[0] };
}

/** The development identity provider's form: /api/login → the provider's page → post the username → back to /api/callback. */
function signIn(username) {
  const page = http.get(`${BASE_URL}/api/login?returnTo=/`, { tags: { step: 'sign-in' } });
  const form = page.html().find('form');
  const action = form.attr('action');
  if (page.status !== 200 || !action) fail(`no sign-in form (status ${page.status}); is the development identity provider in use?`);
  const providerOrigin = page.url.match(/^https?:\/\/[^/]+/)[0];
  const back = http.post(`${providerOrigin}${action}`, { username }, { tags: { step: 'sign-in' } });
  const user = http.get(`${BASE_URL}/api/auth/user`, { tags: { step: 'sign-in' } });
  check(user, { 'signed in': (r) => r.status === 200 && r.json('username') === username }, { step: 'sign-in' });
  return back.status < 400 && user.status === 200;
}

function postJson(path, body, headers = {}) {
  return http.post(`${BASE_URL}${path}`, JSON.stringify(body), {
    headers: { 'content-type': 'application/json', origin: BASE_URL, ...headers },
    timeout: '180s',
    tags: { route: path },
  });
}

export default function ({ actor }) {
  const username = `k6-${__VU}-${__ITER}-${Date.now().toString(36)}`;
  if (!signIn(username)) return;

  const speech = postJson('/api/replicate/audio', {
    text: 'Hello! This is a load test of the Lipcast workers, one short line at a time.',
    voice_id: 'Friendly_Person',
  });
  if (!check(speech, { 'speech 200': (r) => r.status === 200 }, { step: 'speech' })) return;
  const audio = speech.json('url');

  const started = Date.now();
  const body = { video: actor.url, audio, videoDuration: actor.duration };
  // The first ask is answered at once (202 with the job id); the later ones are held by the gateway.
  let answer = postJson('/api/replicate/lipsync', body, { prefer: 'respond-async' });
  for (let ask = 1; answer.status === 202 && ask <= MAX_ASKS; ask++) {
    const { predictionId } = answer.json();
    check(http.get(`${BASE_URL}/api/jobs/${predictionId}`, { tags: { route: '/api/jobs/{id}' } }), { 'job state 200': (r) => r.status === 200 }, { step: 'lipsync' });
    answer = postJson('/api/replicate/lipsync', body);
  }
  const done = check(answer, { 'lip-sync 200 with a video': (r) => r.status === 200 && !!r.json('url') }, { step: 'lipsync' });
  if (done) {
    generationSeconds.add((Date.now() - started) / 1000);
    videosMade.add(1);
  }
  sleep(1);
}

export function handleSummary(data) {
  return summary(data, 'generation');
}
