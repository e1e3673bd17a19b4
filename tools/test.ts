/**
 * `npm test`: type-check, lint, build, unit tests, integration tests against real PostgreSQL, a
 * private NATS with JetStream and the embedded S3 server, then Playwright end-to-end tests in
 * Debian's Chromium. Starts what it needs, cleans up after itself, and ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { canConnectPostgres, DEFAULT_DATABASE_URL, START_HINTS, withDatabase } from './lib/infra.ts';
import { runIntegration } from './lib/integration.ts';
import { ROOT } from './lib/stack.ts';
import { build, run, step } from './lib/steps.ts';

const CHROMIUM = '/usr/bin/chromium';
const baseDatabaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const reportDir = join(ROOT, '.data/test-reports');
const jestEnv = { NODE_OPTIONS: '--experimental-vm-modules' };
const counts = { passed: 0, failed: 0 };

function ensureChromium(): number {
  if (existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}: install it with "sudo apt-get install -y chromium".`);
    return 1;
  }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  return spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1;
}

async function ensurePostgres(): Promise<number> {
  if (await canConnectPostgres(baseDatabaseUrl)) return 0;
  console.log('PostgreSQL is down; starting it.');
  spawnSync('sh', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'], { stdio: 'inherit' });
  if (await canConnectPostgres(baseDatabaseUrl)) return 0;
  console.error(`PostgreSQL is not reachable. Start it: ${START_HINTS.postgres}`);
  return 1;
}

/** Sums a Jest `--json` report into the closing line's counts. */
function countJest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
}

async function integration(): Promise<number> {
  const output = join(reportDir, 'integration.json');
  const code = await runIntegration(baseDatabaseUrl, 'lipcast_test', ['--json', `--outputFile=${output}`]);
  countJest(output);
  return code;
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const results: Record<string, boolean> = {};
results.chromium = await step('chromium', async () => ensureChromium());
results.postgres = await step('postgresql', ensurePostgres);
results.typecheck = await step('type-check', () => run('tsc', ['-p', 'tsconfig.json', '--noEmit']));
results.lint = await step('lint', async () => {
  spawnSync('nx', ['show', 'projects'], { cwd: ROOT, stdio: 'ignore' }); // caches the project graph for the boundary rule
  return run('eslint', ['--max-warnings', '0', '.']);
});
results.build = await step('build', build);
results.unit = await step('unit tests', async () => {
  const output = join(reportDir, 'unit.json');
  const code = await run('jest', ['--selectProjects', 'unit', 'web', '--json', `--outputFile=${output}`], jestEnv);
  countJest(output);
  return code;
});
if (results.postgres) results.integration = await step('integration tests', integration);
if (results.build && results.postgres && results.chromium) {
  results.e2e = await step('end-to-end tests', async () => {
    const code = await run('playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reportDir, 'e2e.json'),
      E2E_DATABASE_URL: withDatabase(baseDatabaseUrl, 'lipcast_e2e'),
    });
    countPlaywright(join(reportDir, 'e2e.json'));
    return code;
  });
}

const failedSteps = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\n[lipcast] steps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
