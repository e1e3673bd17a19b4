#!/usr/bin/env node
// Runs a command and writes the CPU seconds it used, with every descendant it waited for, to a file:
// the kernel adds a reaped child's times to its parent's cutime/cstime (/proc/self/stat), which Node's
// child_process does not report. Usage: node cpu-timed.cjs <report file> <command> [args...]
'use strict';
const { spawn } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');

const [reportFile, command, ...args] = process.argv.slice(2);
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User plus system CPU seconds of the reaped children, or null where /proc is missing. */
function childrenCpuSeconds() {
  try {
    // Fields after "pid (comm) " start at field 3; cutime and cstime are fields 16 and 17.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const child = spawn(command, args, { stdio: 'inherit' });
// A terminal's Ctrl-C reaches the whole group; a SIGTERM sent to this process is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('error', (error) => {
  console.error(`[lipcast] cannot run ${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  writeFileSync(reportFile, JSON.stringify({ cpuSeconds: childrenCpuSeconds() }));
  process.exit(code ?? (signal ? 1 : 0));
});
