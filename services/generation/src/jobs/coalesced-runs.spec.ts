import { CoalescedRuns } from './coalesced-runs';

/** A task whose runs end when the test says, counting how many started. */
function controlledTask() {
  const ends: (() => void)[] = [];
  const task = { started: 0, run: () => new Promise<void>((resolve) => (task.started++, ends.push(resolve))), endNext: () => ends.shift()!() };
  return task;
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(CoalescedRuns.name, () => {
  it('runs once more after a run in progress, however many calls came meanwhile, and all of them wait for it', async () => {
    const runs = new CoalescedRuns<string>();
    const task = controlledTask();
    const first = runs.run('lipsync', task.run);
    const later = Array.from({ length: 5 }, () => runs.run('lipsync', task.run));
    expect(task.started).toBe(1);
    task.endNext();
    await settle();
    expect(task.started).toBe(2);
    let laterSettled = false;
    void Promise.all(later).then(() => (laterSettled = true));
    await settle();
    expect(laterSettled).toBe(false);
    task.endNext();
    await Promise.all([first, ...later]);
    expect(task.started).toBe(2);
  });

  it('starts a new run for a call after the last one ended, and keeps keys apart', async () => {
    const runs = new CoalescedRuns<string>();
    const task = controlledTask();
    const a = runs.run('lipsync', task.run);
    const b = runs.run('images', task.run);
    expect(task.started).toBe(2);
    task.endNext();
    task.endNext();
    await Promise.all([a, b]);
    const c = runs.run('lipsync', task.run);
    expect(task.started).toBe(3);
    task.endNext();
    await c;
  });

  it("gives a run's error to its callers and lets the next call run again", async () => {
    const runs = new CoalescedRuns<string>();
    await expect(runs.run('lipsync', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    let ran = false;
    await runs.run('lipsync', async () => void (ran = true));
    expect(ran).toBe(true);
  });
});
