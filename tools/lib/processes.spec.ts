import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { EXIT_WITH_PARENT } from './processes';
import { pollUntil } from './poll';

/** Running, not a zombie waiting for a reaper (this machine's init may never reap it). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('exit-with-parent', () => {
  it('ends a process started with it once the process that started it dies without stopping it', async () => {
    // The parent starts a child that would run forever, says its pid, and is then killed outright.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const child = require('node:child_process').spawn(process.execPath, ['--require', ${JSON.stringify(EXIT_WITH_PARENT)}, '-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
         console.log(child.pid);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [chunk] = (await once(parent.stdout!, 'data')) as [Buffer];
    const child = Number(chunk.toString().trim());
    await new Promise((resolve) => setTimeout(resolve, 1200)); // two of its checks: it stays while the parent lives
    expect(running(child)).toBe(true);

    parent.kill('SIGKILL');
    await pollUntil(() => !running(child), 5000);
  });
});
