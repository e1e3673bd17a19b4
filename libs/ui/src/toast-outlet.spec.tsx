import { act, render, screen } from '@testing-library/react';
import { dismissToast, toast, TOAST_REMOVE_DELAY } from '@lipcast/web-kit';
import { ToastOutlet } from './toast-outlet';

afterEach(() => {
  jest.useFakeTimers();
  act(() => {
    dismissToast();
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
  });
  jest.useRealTimers();
});

describe(ToastOutlet.name, () => {
  it('renders nothing until a toast is raised, then shows it in the notifications region', async () => {
    render(<ToastOutlet />);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();

    act(() => {
      toast({ title: 'Please select an actor first', variant: 'destructive' });
    });

    expect(await screen.findByText('Please select an actor first')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
  });

  it('hands F8 pressed before the toaster was there to it: the notifications take the focus', async () => {
    render(<ToastOutlet />);

    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
    });

    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    await screen.findByRole('list');
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
