import { CoalescedReads, CoalescedRuns } from './coalesced-runs';

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

describe(CoalescedReads.name, () => {
  /** A read whose answers the test gives, counting how many started. */
  function controlledRead() {
    const answers: ((value: number) => void)[] = [];
    const read = { started: 0, run: () => new Promise<number>((resolve) => (read.started++, answers.push(resolve))), answerNext: (value: number) => answers.shift()!(value) };
    return read;
  }

  it('gives the calls that came during a read the one read after it, and the first call its own', async () => {
    const reads = new CoalescedReads<string, number>();
    const read = controlledRead();
    const first = reads.read('provider', read.run);
    const later = Array.from({ length: 5 }, () => reads.read('provider', read.run));
    expect(read.started).toBe(1);
    read.answerNext(1);
    expect(await first).toBe(1);
    await settle();
    expect(read.started).toBe(2);
    read.answerNext(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2, 2, 2]);
    expect(read.started).toBe(2);
  });

  it('reads anew for a call after the last read ended, and keeps keys apart', async () => {
    const reads = new CoalescedReads<string, number>();
    const read = controlledRead();
    const a = reads.read('cpu', read.run);
    const b = reads.read('provider', read.run);
    expect(read.started).toBe(2);
    read.answerNext(1);
    read.answerNext(2);
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    const c = reads.read('cpu', read.run);
    expect(read.started).toBe(3);
    read.answerNext(3);
    expect(await c).toBe(3);
  });

  it("gives a read's error to its callers only; the calls waiting after it read again", async () => {
    const reads = new CoalescedReads<string, number>();
    let fail = true;
    const read = () => (fail ? Promise.reject(new Error('database gone')) : Promise.resolve(7));
    const failing = reads.read('cpu', read);
    fail = false;
    const after = reads.read('cpu', read);
    await expect(failing).rejects.toThrow('database gone');
    await expect(after).resolves.toBe(7);
  });
});
