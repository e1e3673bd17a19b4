import { whenEngaged } from './idle';

describe(whenEngaged.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs nothing while the page is only looked at, then runs the task once, when idle after the first input', () => {
    const task = jest.fn();
    whenEngaged(task);
    jest.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(task).not.toHaveBeenCalled(); // not in the input's own handler: when idle
    jest.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('pointermove'));
    jest.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the first input', () => {
    const before = jest.fn();
    whenEngaged(before)();
    const after = jest.fn();
    const cancelAfter = whenEngaged(after);
    window.dispatchEvent(new Event('pointerdown'));
    cancelAfter();
    jest.advanceTimersByTime(2000);
    window.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(2000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
