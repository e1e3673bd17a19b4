/**
 * `npm test`: type-check, lint, build, unit tests, integration tests against real PostgreSQL, a
 * private NATS with JetStream and the embedded S3 server, then Playwright end-to-end tests in
 * Debian's Chromium. Starts what it needs (an embedded PostgreSQL and nats-server when none is
 * configured or running: tools/lib/dependencies.ts), cleans up after itself, and ends with one
 * summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDependencies, type Dependencies } from './lib/dependencies.ts';
import { runEndToEnd } from './lib/end-to-end.ts';
import { runIntegration } from './lib/integration.ts';
import { aptInstall } from './lib/nats-server.ts';
import { ROOT } from './lib/stack.ts';
import { build, run, step } from './lib/steps.ts';

const CHROMIUM = '/usr/bin/chromium';
const reportDir = join(ROOT, '.data/test-reports');
const jestEnv = { NODE_OPTIONS: '--experimental-vm-modules' };
const counts = { passed: 0, failed: 0 };

function ensureChromium(): number {
  if (existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}: install it with "sudo apt-get install -y chromium".`);
    return 1;
  }
  return aptInstall('chromium') ? 0 : 1;
}

/** PostgreSQL and NATS for the integration and end-to-end tests (each run keeps its own databases on it). */
let dependencies: Dependencies | undefined;
async function ensureDependencies(): Promise<void> {
  dependencies = await startDependencies({ dataDir: join(ROOT, '.data/test-servers') });
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
  const code = await runIntegration(dependencies!.databaseUrl, 'lipcast_test', ['--json', `--outputFile=${output}`], dependencies!.natsUrl);
  countJest(output);
  return code;
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const results: Record<string, boolean> = {};
results.chromium = await step('chromium', async () => ensureChromium());
// The test run ends (or is interrupted) with the embedded servers stopped.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await dependencies?.stop();
    process.exit(1);
  });
}
results.dependencies = await step('postgresql and nats', ensureDependencies);
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
if (results.dependencies) results.integration = await step('integration tests', integration);
if (results.build && results.dependencies && results.chromium) {
  results.e2e = await step('end-to-end tests', async () => {
    const code = await runEndToEnd(dependencies!, 'lipcast_e2e', { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reportDir, 'e2e.json') });
    countPlaywright(join(reportDir, 'e2e.json'));
    return code;
  });
}

await dependencies?.stop();

const failedSteps = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\n[lipcast] steps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
