// Every project's checks, defined once for all of them (an Nx plugin: nx.json "plugins"), so a team
// runs just its own with `npx nx run-many -t lint typecheck test build -p <project>` and
// `npx nx affected -t lint typecheck test build` runs exactly what a change touches:
// - typecheck: `tsc` on the project's tsconfig.json (its sources and what they import);
// - lint: ESLint on the project's folder (the boundary rules read the dependencies' tags);
// - test: tools/test-project.ts (unit tests, then integration tests on their own infrastructure;
//   Playwright for e2e), after the builds its integration tests start as processes;
// - build: the project's own `build` script (a web app's also reads the shared webpack factory:
//   nx.json's "webBuild", named in the apps' package.json).
// The inputs are what each command reads, so a cached result is only reused when it would be the same.
'use strict';
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

/** What runs a project's unit tests, and what its integration tests also start (PostgreSQL, NATS, S3, the Stripe stand-in). */
const UNIT_TEST_SETUP = ['{workspaceRoot}/jest.config.cjs', '{workspaceRoot}/tools/jest/**/*', '{workspaceRoot}/tools/test-project.ts', '{workspaceRoot}/tools/lib/steps.ts', '{workspaceRoot}/tools/lib/cpu-timed.cjs', '{workspaceRoot}/tools/zip/**/*', '{workspaceRoot}/tools/lib/stack.ts', '{workspaceRoot}/tools/lib/seed-template.ts'];
const INTEGRATION_TEST_SETUP = [...UNIT_TEST_SETUP, '{workspaceRoot}/tools/lib/**/*', '{workspaceRoot}/tools/embedded-s3.ts', '{workspaceRoot}/tools/stripe/**/*', '{workspaceRoot}/tools/oidc/**/*'];

/** Whether the project has integration (or end-to-end) tests, leaving out nested projects' folders. */
function hasSystemTests(folder, isNestedRoot) {
  return readdirSync(folder, { withFileTypes: true }).some((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return !['node_modules', 'dist'].includes(entry.name) && !isNestedRoot(path) && hasSystemTests(path, isNestedRoot);
    return entry.name.endsWith('.int-spec.ts') || entry.name.endsWith('.e2e.ts');
  });
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function checksFor(root, workspaceRoot, nestedRoots) {
  const manifestPath = join(workspaceRoot, root, 'package.json');
  const scripts = existsSync(manifestPath) ? (readJson(manifestPath).scripts ?? {}) : {};
  const builds = typeof scripts.build === 'string';
  const nested = new Set(nestedRoots.map((nestedRoot) => join(workspaceRoot, nestedRoot)));
  const testSetup = root === 'e2e' || hasSystemTests(join(workspaceRoot, root), (path) => nested.has(path)) ? INTEGRATION_TEST_SETUP : UNIT_TEST_SETUP;
  const targets = {
    lint: {
      command: ['eslint --max-warnings 0', root, ...nestedRoots.map((nested) => `--ignore-pattern '${nested}/**'`)].join(' '),
      options: { cwd: '{workspaceRoot}' },
      inputs: ['default', '{workspaceRoot}/eslint.config.mjs', '^{projectRoot}/package.json', { externalDependencies: ['eslint', 'typescript-eslint', '@nx/eslint-plugin'] }],
      cache: true,
    },
    test: {
      command: `node tools/test-project.ts ${root}`,
      options: { cwd: '{workspaceRoot}' },
      // Integration tests run the built services (`dist/main.js`) and read the built front end.
      dependsOn: builds ? ['build', '^build'] : ['^build'],
      inputs: ['default', '^production', ...testSetup, { dependentTasksOutputFiles: '**/*', transitive: true }],
      cache: true,
    },
  };
  if (existsSync(join(workspaceRoot, root, 'tsconfig.json'))) {
    targets.typecheck = {
      command: `tsc -p ${root}/tsconfig.json --noEmit`,
      options: { cwd: '{workspaceRoot}' },
      inputs: ['default', '^production', '{workspaceRoot}/tsconfig.base.json', '{workspaceRoot}/tsconfig.json', '{workspaceRoot}/types/**/*', { externalDependencies: ['typescript'] }],
      cache: true,
    };
  }
  return targets;
}

module.exports = {
  name: 'lipcast-project-checks',
  createNodes: [
    '**/{package,project}.json',
    (files, _options, context) => {
      const roots = files.map((file) => dirname(file)).filter((root) => root !== '.');
      return files
        .filter((file) => dirname(file) !== '.')
        .map((file) => {
          const root = dirname(file);
          // A folder inside this project with a project file of its own is that project's (tools/backup).
          const nestedRoots = roots.filter((other) => other.startsWith(`${root}/`));
          return [file, { projects: { [root]: { targets: checksFor(root, context.workspaceRoot, nestedRoots) } } }];
        });
    },
  ],
};
