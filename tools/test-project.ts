/**
 * One project's tests, as `nx run <project>:test` runs them (tools/nx/project-checks.cjs): its unit
 * tests, then its integration tests (when it has any) on infrastructure of their own, as
 * `npm run test:int` would; for the e2e project, the Playwright suite. `npm test` still runs
 * everything at once. Usage: `node tools/test-project.ts <project root>`, e.g. `libs/ui`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { withOwnDependencies } from './lib/dependencies.ts';
import { runEndToEnd } from './lib/end-to-end.ts';
import { runIntegration } from './lib/integration.ts';
import { ROOT } from './lib/stack.ts';
import { run } from './lib/steps.ts';

const projectRoot = process.argv[2]?.replace(/\/+$/, '');
if (!projectRoot) {
  console.error('usage: node tools/test-project.ts <project root>');
  process.exit(2);
}

/** The project's test files, leaving out folders that are projects of their own (tools/backup) and what is installed or built. */
function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const ownProject = ['package.json', 'project.json'].some((file) => existsSync(join(path, file)));
      return ownProject || ['node_modules', 'dist'].includes(entry.name) ? [] : testFiles(path);
    }
    return /\.(spec|int-spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const label = `lipcast_${projectRoot.replaceAll(/[^a-z0-9]+/g, '_')}_${process.pid}`;
const serversDir = join(ROOT, `.data/${label}-servers`);

let code: number;
if (projectRoot === 'e2e') {
  code = await withOwnDependencies(serversDir, (dependencies) => runEndToEnd(dependencies, label));
} else {
  const files = testFiles(join(ROOT, projectRoot));
  const integrationTests = files.filter((file) => file.endsWith('.int-spec.ts'));
  const unitTests = files.filter((file) => !file.endsWith('.int-spec.ts'));
  code = unitTests.length ? await run('jest', ['--selectProjects', 'unit', 'web', '--runTestsByPath', ...unitTests], { NODE_OPTIONS: '--experimental-vm-modules' }) : 0;
  if (code === 0 && integrationTests.length) {
    code = await withOwnDependencies(serversDir, (dependencies) => runIntegration(dependencies.databaseUrl, label, ['--runTestsByPath', ...integrationTests], dependencies.natsUrl));
  }
}
process.exit(code);
