import { act, renderHook } from '@testing-library/react';
import { useBusy } from './busy';

describe(useBusy.name, () => {
  it('is busy while the request runs, and not once it has settled', async () => {
    let finish!: () => void;
    const { result } = renderHook(() => useBusy());
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBe(false);
  });

  it('hands a failure to onError and is no longer busy', async () => {
    const onError = jest.fn();
    const { result } = renderHook(() => useBusy(onError));
    await act(() => result.current.run(() => Promise.reject(new Error('refused'))));
    expect(onError).toHaveBeenCalledWith(new Error('refused'));
    expect(result.current.busy).toBe(false);
  });

  it('raises a failure to the caller without onError, and is no longer busy', async () => {
    const { result } = renderHook(() => useBusy());
    await act(() => expect(result.current.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused'));
    expect(result.current.busy).toBe(false);
  });
});
