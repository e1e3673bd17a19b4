/**
 * `npm start` on a fresh machine: no DATABASE_URL, no NATS_URL and nothing answering on the ports
 * the launcher probes (pointed at free ports with `LIPCAST_PROBE_POSTGRES_PORT`/`LIPCAST_PROBE_NATS_PORT`,
 * so this machine's own PostgreSQL and NATS are neither used nor disturbed). The launcher's
 * dependency step (tools/lib/dependencies.ts, run with the rest of the start-up by
 * tools/jest/launch-fresh.ts) starts an embedded PostgreSQL and a private nats-server, the services
 * migrate and the gateway reports ready; SIGTERM leaves no server process behind. Needs the build
 * (`npm test` builds first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@lipcast/tools/lib/infra.ts';

const ROOT = join(import.meta.dirname, '../..');
const SCHEMAS = ['auth', 'billing', 'content', 'gateway', 'generation'];

jest.setTimeout(120_000);

/** The servers whose command line names the folder (the postmaster's `-D <dir>`, nats-server's `-sd <dir>`). */
function serversUsing(folder: string): string[] {
  const result = spawnSync('pgrep', ['-a', '-f', folder], { encoding: 'utf8' });
  return result.stdout.split('\n').filter((line) => line && !line.includes('pgrep') && !line.includes('launch-fresh.ts'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Launched {
  url: string;
  databaseUrl: string;
  natsUrl: string;
  postgresPid?: number;
  natsPid?: number;
}

describe('the launcher on a machine without PostgreSQL or NATS', () => {
  let dataDir = '';
  let launcher: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'gateway/dist/main.js'))) throw new Error('Build first (npm test does): gateway/dist/main.js is missing');
    dataDir = mkdtempSync(join(ROOT, '.data/fresh-machine-'));
    // As root the embedded PostgreSQL runs as an unprivileged user, who must reach its folder.
    chmodSync(dataDir, 0o755);
  });

  afterAll(async () => {
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGTERM');
      await once(launcher, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts an embedded PostgreSQL and a private nats-server, migrates, reaches ready and cleans up', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      LIPCAST_PROBE_POSTGRES_PORT: String(await freePort()),
      LIPCAST_PROBE_NATS_PORT: String(await freePort()),
    };
    delete env.DATABASE_URL;
    delete env.NATS_URL;
    delete env.NODE_ENV;
    launcher = spawn(process.execPath, [join(ROOT, 'tools/jest/launch-fresh.ts'), dataDir], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const launched = await new Promise<Launched>((resolve, reject) => {
      launcher!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').slice(0, -1).find((candidate) => candidate.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      launcher!.once('exit', (code) => reject(new Error(`the launcher exited (${code}):\n${output.slice(-4000)}`)));
    });

    expect(output).toMatch(/no DATABASE_URL and nothing on 127\.0\.0\.1:\d+: started an embedded PostgreSQL/);
    expect(output).toMatch(/no NATS_URL and nothing on 127\.0\.0\.1:\d+: started \S*nats-server with JetStream/);
    expect(launched.postgresPid).toEqual(expect.any(Number));
    expect(launched.natsPid).toEqual(expect.any(Number));
    expect(new URL(launched.databaseUrl).port).not.toBe('5432');
    expect(new URL(launched.natsUrl).port).not.toBe('4222');
    expect(serversUsing(dataDir)).toHaveLength(2);

    // Each process keeps its migration history in its own schema of the embedded database.
    const client = new pg.Client({ connectionString: launched.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_schema: string }>(
        "select table_schema from information_schema.tables where table_name = 'mikro_orm_migrations' order by table_schema",
      );
      expect(rows.map((row) => row.table_schema)).toEqual(SCHEMAS);
      for (const schema of SCHEMAS) {
        const { rows: applied } = await client.query(`select name from "${schema}".mikro_orm_migrations`);
        expect(applied.length).toBeGreaterThan(0);
      }
    } finally {
      await client.end();
    }

    const ready = await fetch(`${launched.url}/api/ready`);
    expect(ready.status).toBe(200);
    // The seed step drew what the store lacked: everything on a machine of its own, one actor and one sample under npm test's template.
    const seedLog = readFileSync(join(dataDir, 'stack/logs/generation.log'), 'utf8');
    expect(seedLog).toMatch(/made actors\/ipfs-puppet-video-2\/idle-v\d+\.mp4/);
    expect(seedLog).toMatch(/made public\/samples\/hero-2-v\d+\.mp4/);

    launcher.kill('SIGTERM');
    const [code] = (await once(launcher, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(isAlive(launched.postgresPid!)).toBe(false);
    expect(isAlive(launched.natsPid!)).toBe(false);
    expect(serversUsing(dataDir)).toEqual([]);
  });
});
