/**
 * Runs a task per key at most once at a time: a call that comes while that key's run is in progress
 * asks for one more run after it, and every such call shares that one. A burst of calls costs two
 * runs, not one each, and the last run starts after the last call, so nothing it should see is missed.
 */
export class CoalescedRuns<Key> {
  private readonly running = new Map<Key, { again: boolean; done: Promise<void> }>();

  /** Settles when a run that started after this call has ended (rejected with that run's error). */
  run(key: Key, task: () => Promise<void>): Promise<void> {
    const current = this.running.get(key);
    if (current) {
      current.again = true;
      return current.done;
    }
    const state = { again: false, done: Promise.resolve() };
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await task();
        } while (state.again);
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, state);
    return state.done;
  }
}
