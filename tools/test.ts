/**
 * `npm test`: type-check and lint (side by side), build, unit tests, integration tests against real
 * PostgreSQL, a private NATS with JetStream and the embedded S3 server (two lanes), then Playwright
 * end-to-end tests in Debian's Chromium (two workers). Installs what it needs from Debian (Chromium,
 * ffmpeg) and starts what it needs (an embedded PostgreSQL and nats-server when none is configured
 * or running: tools/lib/dependencies.ts); draws the built-in media once for every stack (the seed
 * template, beside the unit tests); cleans up after itself. Ends with each step's wall and CPU time,
 * the slowest test files (also in .data/test-reports/timings.json) and one summary line. A test that
 * passed only on retry, or was skipped, fails the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedS3 } from './embedded-s3.ts';
import { startDependencies, type Dependencies } from './lib/dependencies.ts';
import { runEndToEnd } from './lib/end-to-end.ts';
import { freePort } from './lib/infra.ts';
import { runIntegration } from './lib/integration.ts';
import { SEED_TEMPLATE_ENV, TEMPLATE_BUCKET } from './lib/seed-template.ts';
import { ROOT } from './lib/stack.ts';
import { build, run, step, stepTimings } from './lib/steps.ts';
import { CHROMIUM, ensureSystemPackages, FFMPEG } from './lib/system-packages.ts';
import { printTimings, TestReport, writeTimings } from './lib/test-report.ts';

const started = Date.now();
const reportDir = join(ROOT, '.data/test-reports');
const seedTemplate = join(ROOT, '.data/test-seed-template');
const jestEnv = { NODE_OPTIONS: '--experimental-vm-modules' };
/** Jest workers for unit tests and integration lanes: one per core of the machine CI runs on. */
const LANES = 2;
const report = new TestReport(ROOT);

/** PostgreSQL and NATS for the integration and end-to-end tests (each run keeps its own databases on it). */
let dependencies: Dependencies | undefined;
async function ensureDependencies(): Promise<void> {
  dependencies = await startDependencies({ dataDir: join(ROOT, '.data/test-servers') });
}

/** The built-in media, drawn once by the built seed step into a store every stack copies (tools/lib/seed-template.ts). */
async function makeSeedTemplate(): Promise<number> {
  rmSync(seedTemplate, { recursive: true, force: true });
  const s3 = await startEmbeddedS3({ port: await freePort(), directory: seedTemplate });
  try {
    return await run(process.execPath, [join(ROOT, 'services/generation/dist/seed.js')], { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_BUCKET: TEMPLATE_BUCKET });
  } finally {
    await s3.stop();
  }
}

async function integration(): Promise<number> {
  const output = join(reportDir, 'integration.json');
  const code = await runIntegration(dependencies!.databaseUrl, 'lipcast_test', ['--json', `--outputFile=${output}`], dependencies!.natsUrl, { lanes: LANES, env: { [SEED_TEMPLATE_ENV]: seedTemplate } });
  report.addJest(output);
  return code;
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const results: Record<string, boolean> = {};
results.packages = await step('chromium and ffmpeg', async () => ensureSystemPackages([CHROMIUM, FFMPEG]));
// The test run ends (or is interrupted) with the embedded servers stopped.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await dependencies?.stop();
    process.exit(1);
  });
}
results.dependencies = await step('postgresql and nats', ensureDependencies);
// Each is one process on one core: side by side they take the time of the longer.
[results.typecheck, results.lint] = await Promise.all([
  step('type-check', () => run('tsc', ['-p', 'tsconfig.json', '--noEmit'])),
  step('lint', async () => {
    spawnSync('nx', ['show', 'projects'], { cwd: ROOT, stdio: 'ignore' }); // caches the project graph for the boundary rule
    return run('eslint', ['--max-warnings', '0', '.']);
  }),
]);
results.build = await step('build', build);
// The seed template beside the unit tests: its drawing keeps about one core busy, the unit tests' two
// workers leave some of theirs idle, and neither needs the other.
const seeding = results.build ? step('seed template', makeSeedTemplate) : undefined;
results.unit = await step('unit tests', async () => {
  const output = join(reportDir, 'unit.json');
  const code = await run('jest', ['--selectProjects', 'unit', 'web', `--maxWorkers=${LANES}`, '--json', `--outputFile=${output}`], jestEnv);
  report.addJest(output);
  return code;
});
if (seeding) results.seed = await seeding;
const stacksCanStart = results.build && results.seed && results.dependencies;
if (stacksCanStart) results.integration = await step('integration tests', integration);
if (stacksCanStart && results.packages) {
  results.e2e = await step('end-to-end tests', async () => {
    const output = join(reportDir, 'e2e.json');
    const code = await runEndToEnd(dependencies!, 'lipcast_e2e', { PLAYWRIGHT_JSON_OUTPUT_NAME: output, [SEED_TEMPLATE_ENV]: seedTemplate });
    report.addPlaywright(output);
    return code;
  });
}

await dependencies?.stop();

const timings = report.timings((Date.now() - started) / 1000, stepTimings);
writeTimings(join(reportDir, 'timings.json'), timings);
printTimings(timings);
const failedSteps = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
if (report.problems.length) {
  console.log(`\n[lipcast] ${report.problems.length} test(s) fail the run although no assertion failed:`);
  for (const problem of report.problems) console.log(`[lipcast]   ${problem}`);
  failedSteps.push('flaky or skipped tests');
}
console.log(`\n[lipcast] steps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${report.passed} passed, ${report.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
