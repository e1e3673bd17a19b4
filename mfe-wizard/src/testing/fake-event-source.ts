/** One event stream the page opened: its address and the listeners of its messages. */
export interface FakeStream {
  url: string;
  listeners: ((event: { data: string }) => void)[];
}

/**
 * Installs an EventSource (jsdom has none) that records each stream the page opens, so a test sends
 * it messages; `remove` takes it away again.
 */
export function installFakeEventSource(): { streams: FakeStream[]; remove: () => void } {
  const streams: FakeStream[] = [];
  class FakeEventSource implements FakeStream {
    onerror: (() => void) | null = null;
    readonly listeners: ((event: { data: string }) => void)[] = [];
    constructor(readonly url: string) {
      streams.push(this);
    }
    addEventListener(_type: string, listener: (event: { data: string }) => void) {
      this.listeners.push(listener);
    }
    close() {}
  }
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  return { streams, remove: () => delete (globalThis as { EventSource?: unknown }).EventSource };
}
