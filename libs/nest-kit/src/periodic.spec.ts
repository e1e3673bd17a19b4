import { PeriodicWork, runPeriodically } from './periodic';

describe('runPeriodically', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the task after each interval, never two at once, goes on after a failure, and stops', async () => {
    let running = 0;
    let runs = 0;
    const errors: unknown[] = [];
    let release: () => void = () => undefined;
    const stop = runPeriodically(
      () => 1000,
      async () => {
        running++;
        runs++;
        if (runs === 2) throw new Error('boom');
        if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
        running--;
      },
      (error) => {
        running--;
        errors.push(error);
      },
    );
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    // The third run is still going: no fourth starts beside it.
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
    release();
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(4);
    stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(4);
    expect(running).toBe(0);
  });
});

class CountedWork extends PeriodicWork {
  protected readonly work = 'counted work';
  protected readonly intervalMs = () => 1000;
  protected readonly runPass = async () => {
    this.passes++;
    if (this.passes === 1) throw new Error('boom');
  };
  protected override readonly runsHere = () => this.here;
  passes = 0;
  warnings: string[] = [];

  constructor(private readonly here: boolean) {
    super();
    this.logger.warn = (message: unknown) => void this.warnings.push(String(message));
  }
}

describe('PeriodicWork', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs its passes from bootstrap to shutdown, naming the work when a pass fails', async () => {
    const work = new CountedWork(true);
    work.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(2000);
    expect(work.passes).toBe(2);
    expect(work.warnings).toEqual(['the counted work failed: Error: boom']);
    work.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(5000);
    expect(work.passes).toBe(2);
  });

  it('runs nothing in a process it does not run in', async () => {
    const work = new CountedWork(false);
    work.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(work.passes).toBe(0);
    work.onApplicationShutdown();
  });
});
