/**
 * Versioned remotes (issue 21): `npm run remote -- <command>`.
 *
 *   publish <remote> [version] [--dist <folder>]  uploads the remote's build (`<folder>/dist`, or --dist) to the
 *                                                 object store as an immutable version (default: its package.json
 *                                                 version) and records it in the registry; a version is published once
 *   release <remote> <version>                    makes a published version live: the next page load uses it
 *   rollback <remote>                             withdraws the live release; the one live before it is live again
 *   list [remote]                                 what is live, and each remote's versions and releases
 *
 * `<remote>` is its folder (`mfe-wizard`) or federation name (`mfe_wizard`). The registry is the content
 * service, asked over NATS (NATS_URL; NATS_USER and NATS_PASS, or NATS_NKEY_SEED, on a server with
 * users: the command signs in as the gateway, the one user allowed to send to the content service).
 * Publishing also needs the object store: S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION.
 * Beside `npm start` none of these needs setting: what is unset is read from the running stack's
 * `.data/stack.json` (or the file LIPCAST_STACK_FILE names), embedded servers on random ports included.
 * Nothing is rebuilt or restarted: the gateway's `/remotes.json` follows the registry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { connect, nkeyAuthenticator, usernamePasswordAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'minio';
import {
  isRemoteVersion,
  REMOTE_FOLDERS,
  REMOTE_MANIFEST_FILE,
  REMOTE_NAMES,
  remoteFileKey,
  remoteNamed,
  Subjects,
  type RemoteName,
  type ReplyOf,
  type RequestOf,
  type Subject,
} from '@lipcast/contracts';
import { stackFileIn, withStackFile } from './lib/stack-file.ts';

const ROOT = resolve(import.meta.dirname, '..');
const env = withStackFile(process.env, process.env.LIPCAST_STACK_FILE ?? stackFileIn(join(ROOT, '.data')));
const USAGE = `usage: npm run remote -- publish <remote> [version] [--dist <folder>]
       npm run remote -- release <remote> <version>
       npm run remote -- rollback <remote>
       npm run remote -- list [remote]
remotes: ${Object.values(REMOTE_FOLDERS).join(', ')}`;

class UsageError extends Error {}

/**
 * Files of a build that are not published: prerendered pages (the gateway reads them from the local
 * build), source maps, and a compressed copy whose original is not there.
 */
const publishedFiles = (files: string[]) => {
  const present = new Set(files);
  return files.filter((file) => !file.startsWith(`prerendered${sep}`) && !file.endsWith('.map') && !(/\.(br|gz)$/.test(file) && !present.has(file.slice(0, -3))));
};

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
// A precompressed copy (`x.js.br`) is the bytes of its original's encoding; the gateway names the type.
const contentTypeOf = (file: string) => (/\.(br|gz)$/.test(file) ? 'application/octet-stream' : (CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(folder, file)).isFile())
    .sort();
}

/** A request to the registry in Nest's NATS packet format (what nest-kit's ServiceClient sends). */
async function ask<S extends Subject>(nats: NatsConnection, subject: S, data: RequestOf<S>): Promise<ReplyOf<S>> {
  const reply = await nats.request(subject, JSON.stringify({ pattern: subject, data, id: crypto.randomUUID() }), { timeout: 10_000 }).catch((error: Error) => {
    throw new Error(`The content service did not answer ${subject} (${error.message}); is it running, and NATS_URL right?`);
  });
  const { response, err } = reply.json<{ response?: ReplyOf<S>; err?: { message?: string } }>();
  if (err) throw new Error(err.message ?? JSON.stringify(err));
  return response as ReplyOf<S>;
}

async function connectToRegistry(): Promise<NatsConnection> {
  const { NATS_URL = 'nats://127.0.0.1:4222', NATS_USER, NATS_PASS, NATS_NKEY_SEED } = env;
  const authenticator = NATS_NKEY_SEED
    ? nkeyAuthenticator(new TextEncoder().encode(NATS_NKEY_SEED))
    : NATS_USER
      ? usernamePasswordAuthenticator(NATS_USER, NATS_PASS)
      : undefined;
  // With credentials the command is the gateway's user, whose replies arrive under `_INBOX.gateway` (deploy/nats).
  return connect({ servers: NATS_URL.split(',').map((server) => server.trim()), name: 'lipcast-remote-command', ...(authenticator ? { authenticator, inboxPrefix: '_INBOX.gateway' } : {}) }).catch((error: Error) => {
    throw new Error(`Cannot connect to NATS at ${NATS_URL} (${error.message}); set NATS_URL to the platform's NATS.`);
  });
}

function objectStore(): { client: Client; bucket: string } {
  const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET = 'lipcast-media', S3_REGION = 'us-east-1' } = env;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY || !S3_SECRET_KEY) throw new UsageError('publish needs the object store: start the stack (npm start), or set S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY (and S3_BUCKET, S3_REGION).');
  const endpoint = new URL(S3_ENDPOINT);
  const client = new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    useSSL: endpoint.protocol === 'https:',
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    region: S3_REGION,
    pathStyle: true,
  });
  return { client, bucket: S3_BUCKET };
}

function remoteArgument(value: string | undefined): RemoteName {
  const remote = value === undefined ? undefined : remoteNamed(value);
  if (!remote) throw new UsageError(value ? `No remote "${value}".` : 'Which remote?');
  return remote;
}

function versionArgument(value: string | undefined): string {
  if (!value) throw new UsageError('Which version?');
  if (!isRemoteVersion(value)) throw new UsageError(`"${value}" is not a version like 1.4.0 (or 1.4.0-rc.1).`);
  return value;
}

const operator = () => process.env.REMOTE_OPERATOR ?? userInfo().username;

async function publish(nats: NatsConnection, remote: RemoteName, version: string, dist: string): Promise<void> {
  const folder = REMOTE_FOLDERS[remote];
  const files = statSync(dist, { throwIfNoEntry: false })?.isDirectory() ? publishedFiles(filesUnder(dist)) : [];
  if (files.length === 0) throw new UsageError(`No build in ${dist}: build the remote first (npx nx run ${folder}:build).`);
  if (files.includes(REMOTE_MANIFEST_FILE)) {
    const manifest = JSON.parse(readFileSync(join(dist, REMOTE_MANIFEST_FILE), 'utf8')) as { name?: string };
    if (manifest.name !== remote) throw new UsageError(`${dist} is the build of "${manifest.name}", not of ${remote}.`);
  } else {
    console.warn(`warning: ${dist} has no ${REMOTE_MANIFEST_FILE}; the shell cannot load this version.`);
  }
  // Immutable: a version the registry knows is never uploaded again.
  const history = await ask(nats, Subjects.content.remoteHistory, { remote });
  if (history.versions.some((published) => published.version === version)) {
    throw new Error(`${folder} ${version} is already published; versions are immutable, publish a new one.`);
  }
  const store = objectStore();
  // The manifest last: until it is there, the version's files are incomplete (and it is not recorded yet).
  const ordered = [...files.filter((file) => file !== REMOTE_MANIFEST_FILE), ...files.filter((file) => file === REMOTE_MANIFEST_FILE)];
  let bytes = 0;
  for (const file of ordered) {
    const body = readFileSync(join(dist, file));
    bytes += body.length;
    const key = remoteFileKey(folder, version, relative(dist, join(dist, file)).split(sep).join('/'));
    await store.client.putObject(store.bucket, key, body, body.length, { 'Content-Type': contentTypeOf(file) });
  }
  await ask(nats, Subjects.content.remotePublish, { remote, version, by: operator() });
  console.log(`published ${folder} ${version}: ${ordered.length} files (${Math.round(bytes / 1024)} KiB); release it with: npm run remote -- release ${folder} ${version}`);
}

async function list(nats: NatsConnection, only?: RemoteName): Promise<void> {
  const live = await ask(nats, Subjects.content.remotesLive, {});
  for (const remote of only ? [only] : REMOTE_NAMES) {
    const history = await ask(nats, Subjects.content.remoteHistory, { remote });
    console.log(`${REMOTE_FOLDERS[remote]}: ${live[remote] ? `live ${live[remote]}` : 'no release (its own build on the gateway)'}`);
    if (history.versions.length) console.log(`  published: ${history.versions.map((entry) => entry.version).join(', ')}`);
    for (const release of history.releases) {
      const rolledBack = release.rolledBackAt ? `, rolled back ${release.rolledBackAt} by ${release.rolledBackBy}` : '';
      console.log(`  released ${release.version} ${release.releasedAt} by ${release.releasedBy}${rolledBack}`);
    }
  }
}

async function main(args: string[]): Promise<void> {
  const distAt = args.indexOf('--dist');
  const dist = distAt === -1 ? undefined : args[distAt + 1];
  const [command, ...rest] = distAt === -1 ? args : args.filter((_arg, index) => index !== distAt && index !== distAt + 1);
  if (!['publish', 'release', 'rollback', 'list'].includes(command ?? '')) throw new UsageError(command ? `No command "${command}".` : 'Which command?');
  const remote = command === 'list' && rest[0] === undefined ? undefined : remoteArgument(rest[0]);
  const nats = await connectToRegistry();
  try {
    if (command === 'publish') {
      const folder = REMOTE_FOLDERS[remote!];
      const version = versionArgument(rest[1] ?? (JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as { version: string }).version);
      // `npm run` starts in the repository; a relative --dist means the folder the operator typed it in.
      await publish(nats, remote!, version, dist ? resolve(process.env.INIT_CWD ?? process.cwd(), dist) : join(ROOT, folder, 'dist'));
    } else if (command === 'release') {
      const live = await ask(nats, Subjects.content.remoteRelease, { remote: remote!, version: versionArgument(rest[1]), by: operator() });
      console.log(`${REMOTE_FOLDERS[live.remote]} ${live.version} is live: the next page load uses it.`);
    } else if (command === 'rollback') {
      const live = await ask(nats, Subjects.content.remoteRollback, { remote: remote!, by: operator() });
      console.log(`rolled back: ${REMOTE_FOLDERS[live.remote]} ${live.version} is live again.`);
    } else {
      await list(nats, remote);
    }
  } finally {
    await nats.close();
  }
}

await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error instanceof UsageError ? `${error.message}\n${USAGE}` : error.message);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
