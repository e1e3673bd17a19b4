import type { JobState } from '@lipcast/contracts';
import { followJob, watchJob } from './jobs';
import { installFetch } from './testing/fake-fetch';

const state = (status: JobState['status'], progress: number): JobState => ({ id: 'job-1', kind: 'one_shot', status, progress, url: status === 'succeeded' ? '/api/media/v.mp4' : null, error: null });

describe(followJob.name, () => {
  it('reports each state it sees and resolves with the finished one (looking again when there is no event stream)', async () => {
    const fetchMock = installFetch({ body: state('running', 40) }, { body: state('succeeded', 100) });
    const seen: number[] = [];
    await expect(followJob('job-1', (current) => seen.push(current.progress), 5)).resolves.toMatchObject({ status: 'succeeded', url: '/api/media/v.mp4' });
    expect(seen).toEqual([40, 100]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/jobs/job-1');
  });

  it('fails when the job is gone', async () => {
    installFetch({ status: 404, body: { message: 'No such generation' } });
    await expect(followJob('job-1', () => undefined, 5)).rejects.toThrow('This generation no longer exists.');
  });
});

/** The browser's EventSource, driven by the test: `reconnecting` is what a browser does when a good stream ends. */
class FakeEventSource {
  static last: FakeEventSource;
  closed = false;
  onerror: (() => void) | null = null;
  private readonly listeners: ((event: { data: string }) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(_type: 'progress', listener: (event: { data: string }) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
  }
  progress(current: JobState) {
    this.listeners.forEach((listener) => listener({ data: JSON.stringify(current) }));
  }
  error() {
    this.onerror?.();
  }
}

describe(watchJob.name, () => {
  beforeEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('lets the browser reconnect when the gateway ends a stream at its lifetime, and keeps reporting', () => {
    const seen: number[] = [];
    watchJob('job-1', (current) => seen.push(current.progress));
    const source = FakeEventSource.last;
    expect(source.url).toBe('/api/jobs/job-1/events');
    source.progress(state('running', 10));
    source.error(); // the stream reached its lifetime
    expect(source.closed).toBe(false);
    source.progress(state('running', 60)); // the reconnected stream starts with the current state
    source.progress(state('succeeded', 100));
    expect(seen).toEqual([10, 60, 100]);
    expect(source.closed).toBe(true);
  });

  it('stops at a stream that ends before saying anything (refused with 429, or the gateway is gone)', () => {
    watchJob('job-1', () => undefined);
    const source = FakeEventSource.last;
    source.progress(state('running', 10));
    source.error();
    source.error(); // the reconnection failed: no state came
    expect(source.closed).toBe(true);
  });
});
