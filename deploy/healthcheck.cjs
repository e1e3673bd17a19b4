// The image's HEALTHCHECK, for whichever Lipcast process the container runs: its operator-only
// /healthz (OPS_PORT, else the process's default ops port; with OPS_TOKEN when set) and, for the
// gateway, its public /api/health on PORT. The process is read from PID 1's command line
// (tini -- node … <gateway|services/<name>>/dist/main.js, or the image's default `main.js`, a link
// to its process's entry point). Exits 0 when healthy, 1 otherwise.
'use strict';
const { readFileSync, realpathSync } = require('node:fs');

const DEFAULT_OPS_PORTS = { gateway: 9400, auth: 9401, generation: 9402, billing: 9403, content: 9404 };

function runningProcess() {
  const commandLine = readFileSync('/proc/1/cmdline', 'utf8')
    .split('\0')
    .map((argument) => (argument === 'main.js' ? realpathSync('/app/main.js') : argument))
    .join(' ');
  const found = /(?:^|[\s/])(gateway|services\/(auth|generation|billing|content))\/dist\/main\.js/.exec(commandLine);
  return found ? (found[2] ?? 'gateway') : null;
}

async function ok(url, headers = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(4000) });
  return response.ok;
}

async function main() {
  const name = runningProcess();
  // A migration or seed run has no listener: nothing to check.
  if (!name) return true;
  const opsPort = process.env.OPS_PORT || DEFAULT_OPS_PORTS[name];
  const token = process.env.OPS_TOKEN;
  const checks = [ok(`http://127.0.0.1:${opsPort}/healthz`, token ? { authorization: `Bearer ${token}` } : {})];
  if (name === 'gateway') checks.push(ok(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`));
  return (await Promise.all(checks)).every(Boolean);
}

main().then(
  (healthy) => process.exit(healthy ? 0 : 1),
  () => process.exit(1),
);
