/**
 * deploy/nats/permissions.conf read as the NATS server reads it, checked against the subjects of the
 * contracts (libs/contracts: subjects.ts, subject-contracts.ts) rather than a list of its own, so a
 * renamed subject cannot leave a stale rule behind: a deny that names a subject nobody publishes
 * any more denies nothing (the gateway's deny of `generation.job.cancel.v1.>` once let it stop
 * anyone's job on `generation.job.stop.v1.<jobId>`). Offline, no server: the running server is
 * services/generation/src/nats-permissions.int-spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DECLARED_EVENTS, declaredSubjects, Events, jobProgressSubject, jobStopSubject, SERVICE_NAMES, Subjects } from '@lipcast/contracts';

const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Rules {
  allow: string[];
  deny: string[];
}
interface Permissions {
  publish: Rules;
  subscribe: Rules;
}

/** `<USER>_PERMISSIONS = { publish: { allow: [..] deny: [..] } subscribe: {..} }` blocks, by lower-case user. */
function parsePermissions(text: string): Map<string, Permissions> {
  const code = text.replace(/#.*$/gm, ''); // comments; no subject holds a '#'
  const users = new Map<string, Permissions>();
  for (const block of code.matchAll(/^(\w+)_PERMISSIONS\s*=\s*\{/gm)) {
    // The block's body: up to its matching brace.
    let depth = 0;
    let end = block.index + block[0].length - 1;
    for (; end < code.length; end += 1) {
      if (code[end] === '{') depth += 1;
      if (code[end] === '}' && --depth === 0) break;
    }
    const body = code.slice(block.index + block[0].length, end);
    const section = (name: 'publish' | 'subscribe'): Rules => {
      const inner = new RegExp(`\\b${name}:\\s*\\{([^{}]*)\\}`).exec(body)?.[1] ?? '';
      const list = (kind: 'allow' | 'deny') => [...(new RegExp(`\\b${kind}:\\s*\\[([^\\]]*)\\]`).exec(inner)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(([, subject]) => subject);
      return { allow: list('allow'), deny: list('deny') };
    };
    users.set(block[1].toLowerCase(), { publish: section('publish'), subscribe: section('subscribe') });
  }
  return users;
}

/** NATS subject matching: `*` is one token, a final `>` one token or more. */
function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const tokens = subject.split('.');
  for (let index = 0; index < wanted.length; index += 1) {
    if (wanted[index] === '>') return index === wanted.length - 1 && tokens.length > index;
    if (index >= tokens.length || (wanted[index] !== '*' && wanted[index] !== tokens[index])) return false;
  }
  return tokens.length === wanted.length;
}

/** What the server lets through: an allow (none listed: everything) and no deny. */
const permitted = (rules: Rules, subject: string) =>
  (rules.allow.length === 0 || rules.allow.some((pattern) => subjectMatches(pattern, subject))) && !rules.deny.some((pattern) => subjectMatches(pattern, subject));

/** A quoted constant of a source file (the generation service's own streams, which deploy/ may not import). */
function sourceConstants(path: string, pattern: RegExp): string[] {
  const found = [...read(path).matchAll(pattern)].map(([, value]) => value);
  if (!found.length) throw new Error(`${pattern} not found in ${path}`);
  return found;
}

const permissions = parsePermissions(read('deploy/nats/permissions.conf'));
const NATS_USERS = [...read('deploy/nats/nats-server.conf').matchAll(/\{\s*user:\s*(\w+),/g)].map(([, user]) => user);
const A_JOB = 'a1b2c3d4-0000-4000-8000-000000000000';

/** Every subject a process of ours publishes or subscribes to, as the code names it. */
const KNOWN_SUBJECTS = [
  ...declaredSubjects(), // request/reply, with the readiness pings
  ...DECLARED_EVENTS, // events on their own subject (auth's API keys invalidated)...
  ...DECLARED_EVENTS.map((event) => `${event}.${A_JOB}`), // ...and event families: `<event>.<jobId>` (contractSubjectOf)
  ...sourceConstants('services/generation/src/jobs/job-queue.ts', /subject: '([^']+)'/g), // the job queue's lanes
  ...sourceConstants('services/generation/src/webhooks/webhook-queue.ts', /WEBHOOK_SUBJECT = '([^']+)'/g),
];
/** JetStream streams and key-value buckets the code creates, which the `$JS.`/`$KV.` rules may name. */
const STREAMS = [
  ...sourceConstants('services/generation/src/jobs/job-queue.ts', /JOB_STREAM = '([^']+)'/g),
  ...sourceConstants('services/generation/src/webhooks/webhook-queue.ts', /WEBHOOK_STREAM = '([^']+)'/g),
  ...sourceConstants('libs/nest-kit/src/job-watchers-bucket.ts', /JOB_WATCHERS_BUCKET = '([^']+)'/g).map((bucket) => `KV_${bucket}`),
];

describe('deploy/nats/permissions.conf', () => {
  it('gives each NATS user of the server configuration its rules, and parses them', () => {
    expect(NATS_USERS.sort()).toEqual(['gateway', ...SERVICE_NAMES].sort());
    expect([...permissions.keys()].sort()).toEqual([...NATS_USERS].sort());
    for (const [user, rules] of permissions) expect({ user, publishes: rules.publish.allow.length > 0, subscribes: rules.subscribe.allow.length > 0 }).toEqual({ user, publishes: true, subscribes: true });
    expect(subjectMatches('generation.job.stop.v1.>', jobStopSubject(A_JOB))).toBe(true);
    expect(subjectMatches('generation.job.cancel.v1.>', Subjects.generation.jobCancel)).toBe(false); // `>` needs a token
    expect(subjectMatches('generation.job.progressed.v1.*', jobProgressSubject(A_JOB))).toBe(true);
  });

  it('names only subjects of the contracts: every rule matches a subject the code uses', () => {
    const stale: string[] = [];
    for (const [user, rules] of permissions) {
      for (const [kind, list] of Object.entries({ 'publish allow': rules.publish.allow, 'publish deny': rules.publish.deny, 'subscribe allow': rules.subscribe.allow, 'subscribe deny': rules.subscribe.deny })) {
        for (const subject of list) {
          const known = subject.startsWith('_INBOX.')
            ? subject === `_INBOX.${user}.>` // each process's own reply inboxes, nobody else's
            : subject.startsWith('$JS.') || subject.startsWith('$KV.')
              ? subject === '$JS.API.INFO' || STREAMS.some((stream) => subject.split('.').includes(stream) || subject.startsWith(`$KV.${stream.slice('KV_'.length)}.`))
              : KNOWN_SUBJECTS.some((candidate) => subjectMatches(subject, candidate));
          if (!known) stale.push(`${user} ${kind} ${subject}`);
        }
      }
    }
    expect(stale).toEqual([]);
  });

  it("lets only an event's own service publish it, and only generation the job queues: the gateway cannot stop or fake anyone's job, nor revoke a key", () => {
    const generationOnly = [...Object.values(Events.generation).map((event) => `${event}.${A_JOB}`), ...KNOWN_SUBJECTS.filter((subject) => subject.startsWith('generation.jobs.'))];
    expect(generationOnly).toEqual(expect.arrayContaining([jobStopSubject(A_JOB), jobProgressSubject(A_JOB)]));
    for (const [user, rules] of permissions) {
      for (const subject of generationOnly) expect({ user, subject, publish: permitted(rules.publish, subject) }).toEqual({ user, subject, publish: user === 'generation' });
      expect({ user, publish: permitted(rules.publish, Events.auth.apiKeysInvalidated) }).toEqual({ user, publish: user === 'auth' });
    }
    // Nobody but generation listens to the stop events either (a stolen one would tell whose jobs stop).
    for (const [user, rules] of permissions) expect({ user, subscribe: permitted(rules.subscribe, jobStopSubject(A_JOB)) }).toEqual({ user, subscribe: user === 'generation' });
  });

  it("lets the gateway ask every request of every service but the mails, and read job progress, auth's key invalidations and its own replies only", () => {
    const gateway = permissions.get('gateway')!;
    const mails: string[] = [Subjects.content.mailVideoReady, Subjects.content.mailWebhookDisabled, Subjects.content.mailPaymentConfirmed];
    for (const subject of declaredSubjects()) expect({ subject, publish: permitted(gateway.publish, subject) }).toEqual({ subject, publish: !mails.includes(subject) });
    expect(permitted(gateway.subscribe, jobProgressSubject(A_JOB))).toBe(true);
    expect(permitted(gateway.subscribe, Events.auth.apiKeysInvalidated)).toBe(true);
    expect(permitted(gateway.subscribe, '_INBOX.gateway.abc.1')).toBe(true);
    for (const subject of ['_INBOX.billing.abc.1', Subjects.generation.jobCancel, 'billing.>']) expect({ subject, subscribe: permitted(gateway.subscribe, subject) }).toEqual({ subject, subscribe: false });
  });

  it("lets auth ask billing only for a deleted account's free generations and to carry them over, nothing of the credits", () => {
    const auth = permissions.get('auth')!;
    const billingSubjects = declaredSubjects().filter((subject) => subject.startsWith('billing.'));
    const allowed: string[] = [Subjects.billing.accountFreeUsed, Subjects.billing.accountCarryFreeUsed];
    for (const subject of billingSubjects) expect({ subject, publish: permitted(auth.publish, subject) }).toEqual({ subject, publish: allowed.includes(subject) });
  });
});
