import { act, renderHook } from '@testing-library/react';
import {
  dismissToast,
  getToasts,
  toast,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toastReducer,
  useToast,
  type ToastItem,
} from './toast';

function item(id: string): ToastItem {
  return { id, title: `Toast ${id}`, open: true };
}

beforeEach(() => jest.useFakeTimers());

afterEach(() => {
  dismissToast();
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

describe('toast constants', () => {
  it('match spec section 9', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION).toBe(5000);
  });
});

describe(toastReducer.name, () => {
  it('adds a toast, keeping only the newest one', () => {
    const sut = toastReducer({ toasts: [item('1')] }, { type: 'ADD_TOAST', toast: item('2') });

    expect(sut.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const sut = toastReducer({ toasts: [item('1')] }, { type: 'UPDATE_TOAST', id: '1', changes: { title: 'Saved' } });

    expect(sut.toasts[0]).toEqual({ id: '1', title: 'Saved', open: true });
  });

  it('dismisses by closing, not removing', () => {
    const sut = toastReducer({ toasts: [item('1')] }, { type: 'DISMISS_TOAST', id: '1' });

    expect(sut.toasts).toEqual([{ id: '1', title: 'Toast 1', open: false }]);
  });

  it('removes one toast by id, or all without an id', () => {
    expect(toastReducer({ toasts: [item('1')] }, { type: 'REMOVE_TOAST', id: '1' }).toasts).toEqual([]);
    expect(toastReducer({ toasts: [item('1')] }, { type: 'REMOVE_TOAST', id: '2' }).toasts).toHaveLength(1);
    expect(toastReducer({ toasts: [item('1')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe(toast.name, () => {
  it('shows an open toast with its fields', () => {
    const sut = toast({ title: 'Audio Generated', description: 'Ready to preview', variant: 'success' });

    expect(getToasts()).toEqual([
      { id: sut.id, title: 'Audio Generated', description: 'Ready to preview', variant: 'success', open: true },
    ]);
  });

  it('replaces the previous toast with a new one', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Second' });

    expect(getToasts().map((t) => [t.id, t.title])).toEqual([[second.id, 'Second']]);
  });

  it('updates through its handle', () => {
    const sut = toast({ title: 'Generating...' });

    sut.update({ title: 'Video Generated', variant: 'success' });

    expect(getToasts()[0]).toMatchObject({ id: sut.id, title: 'Video Generated', variant: 'success', open: true });
  });

  it('dismisses through its handle and is removed 1,000,000 ms later', () => {
    const sut = toast({ title: 'Bye' });

    sut.dismiss();
    expect(getToasts()).toEqual([{ id: sut.id, title: 'Bye', open: false }]);

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);

    jest.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('a removal scheduled for a replaced toast does not remove its successor', () => {
    const first = toast({ title: 'First' });
    first.dismiss();
    const second = toast({ title: 'Second' });

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);

    expect(getToasts().map((t) => t.id)).toEqual([second.id]);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe(useToast.name, () => {
  it('re-renders with the store and dismisses every toast without an id', () => {
    const { result } = renderHook(() => useToast());
    expect(result.current.toasts).toEqual([]);

    act(() => {
      result.current.toast({ title: 'Saved', variant: 'info' });
    });
    expect(result.current.toasts.map((t) => [t.title, t.open])).toEqual([['Saved', true]]);

    act(() => result.current.dismiss());
    expect(result.current.toasts.map((t) => t.open)).toEqual([false]);

    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY));
    expect(result.current.toasts).toEqual([]);
  });
});
