/**
 * For integration tests that run Lipcast's built processes (`dist/main.js`) as production does:
 * spawning them, following their output, stopping them with a signal; and a signed-in session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type pg from 'pg';
import { SESSION_COOKIE } from './session/session.middleware';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test-only code: the one picker of free ports, a block per test worker
export { freePort } from '../../tools/lib/infra';

export const GATEWAY_ENTRY = resolve(__dirname, '../dist/main.js');
export const serviceEntry = (service: string) => resolve(__dirname, `../../services/${service}/dist/main.js`);

export interface RunningProcess {
  child: ChildProcess;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM (or another signal), then its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node <entry>` with `env` over this process's environment; resolves once it printed `readyText`. */
export function startProcess(entry: string, env: Record<string, string>, readyText: string, timeoutMs = 60_000): Promise<RunningProcess> {
  return startCommand(process.execPath, [entry], { LOG_LEVEL: 'info', ...env }, readyText, timeoutMs);
}

/** Starts `command` (a server of the test's own: nats-server, the S3 server); resolves once it printed `readyText`. */
export function startCommand(command: string, args: string[], env: Record<string, string>, readyText: string, timeoutMs = 60_000): Promise<RunningProcess> {
  const entry = [command, ...args].join(' ');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  const running: RunningProcess = {
    child,
    exited,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not print "${readyText}" within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolvePromise(running);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/** A signed-in session for `userId`, stored as the sign-in callback leaves it (with `extra` such as `{roles: ['admin'], username}`); returns its cookie (signed with `sessionSecret`). */
export async function signedInCookie(database: pg.Pool, sessionSecret: string, userId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const sid = `test-${randomBytes(12).toString('hex')}`;
  const expires = new Date(Date.now() + 3_600_000);
  await database.query('insert into gateway.session (sid, data, expires_at) values ($1, $2, $3)', [
    sid,
    JSON.stringify({ cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/' }, userId, ...extra }),
    expires,
  ]);
  const signature = createHmac('sha256', sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

const ACTOR_CLIP = '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4';

/**
 * One real lip-sync through a running gateway, as the wizard makes it: speech, then the video
 * asked for asynchronously (`Prefer: respond-async`) and followed to its end. Answers the job id
 * and the status it ended with.
 */
export async function runLipSync(base: string, cookie: string, text: string): Promise<{ jobId: string; status: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify(body),
    });
  const audio = await post('/api/replicate/audio', { text, voice_id: 'Patient_Man' });
  if (audio.status !== 200) throw new Error(`speech answered ${audio.status}: ${await audio.text()}`);
  const started = await post('/api/replicate/lipsync', { video: ACTOR_CLIP, audio: ((await audio.json()) as { url: string }).url });
  if (started.status !== 202) throw new Error(`lip-sync answered ${started.status}: ${await started.text()}`);
  const { predictionId: jobId } = (await started.json()) as { predictionId: string };
  let status = 'queued';
  for (const deadline = Date.now() + 120_000; !['succeeded', 'failed', 'canceled'].includes(status) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = ((await (await fetch(`${base}/api/jobs/${jobId}`, { headers: { cookie } })).json()) as { status: string }).status;
  }
  return { jobId, status };
}
