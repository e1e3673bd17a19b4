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

/**
 * Reads a value per key at most once at a time: a call that comes while that key's read is in
 * progress (it may have started before the call) gets the one read that starts after it, shared by
 * every call until it starts. Each caller gets a value read after its call, and a burst of calls
 * costs two reads, not one each.
 */
export class CoalescedReads<Key, Value> {
  private readonly reading = new Map<Key, { done: Promise<Value>; next?: Promise<Value> }>();

  read(key: Key, task: () => Promise<Value>): Promise<Value> {
    const current = this.reading.get(key);
    if (!current) return this.start(key, task);
    return (current.next ??= current.done.then(
      () => this.start(key, task),
      () => this.start(key, task),
    ));
  }

  private start(key: Key, task: () => Promise<Value>): Promise<Value> {
    const state: { done: Promise<Value>; next?: Promise<Value> } = { done: task() };
    this.reading.set(key, state);
    const forget = () => {
      if (this.reading.get(key) === state) this.reading.delete(key);
    };
    state.done.then(forget, forget);
    return state.done;
  }
}
