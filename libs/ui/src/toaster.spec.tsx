import { act, fireEvent, render, screen } from '@testing-library/react';
import { dismissToast, toast, TOAST_REMOVE_DELAY } from '@lipcast/web-kit';
import { Toaster } from './toaster';

beforeEach(() => jest.useFakeTimers());

afterEach(() => {
  act(() => {
    dismissToast();
    jest.runOnlyPendingTimers();
  });
  jest.useRealTimers();
});

describe(Toaster.name, () => {
  it('shows a toast raised with toast() in a bottom-right region reachable with F8', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Audio Generated', description: 'Your audio is ready.', variant: 'success' });
    });

    expect(screen.getByText('Audio Generated')).toBeTruthy();
    expect(screen.getByText('Your audio is ready.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    expect(document.querySelector('[data-variant="success"]')).not.toBeNull();
  });

  it('replaces the first toast with the second', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'First toast' });
    });
    act(() => {
      toast({ title: 'Second toast', variant: 'destructive' });
    });

    expect(screen.queryByText('First toast')).toBeNull();
    expect(screen.getByText('Second toast')).toBeTruthy();
  });

  it('closes with the close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Closable' });
    });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY));

    expect(screen.queryByText('Closable')).toBeNull();
  });

  it('closes by itself after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Short-lived' });
    });

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Short-lived')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1 + TOAST_REMOVE_DELAY));

    expect(screen.queryByText('Short-lived')).toBeNull();
  });

  it('renders the action and runs it on click', () => {
    const onClick = jest.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Deleted', action: { label: 'Undo', altText: 'Undo the deletion', onClick } });
    });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
