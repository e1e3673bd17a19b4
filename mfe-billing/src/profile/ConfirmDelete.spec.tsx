import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getToasts } from '@lipcast/web-kit';
import { ConfirmDelete, type ConfirmDeleteTexts } from './ConfirmDelete';

const TEXTS: ConfirmDeleteTexts = {
  trigger: 'Remove',
  triggerName: 'Remove the thing',
  title: 'Remove the thing?',
  description: 'It is gone for good.',
  keep: 'Keep it',
  confirm: 'Remove it',
  busy: 'Removing...',
  failed: 'The thing could not be removed',
};

describe('ConfirmDelete', () => {
  it('deletes only once confirmed, then closes', async () => {
    const onConfirm = jest.fn().mockResolvedValue(undefined);
    render(<ConfirmDelete texts={TEXTS} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the thing' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove the thing?');
    expect(dialog.textContent).toContain('It is gone for good.');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('does nothing when kept', async () => {
    const onConfirm = jest.fn().mockResolvedValue(undefined);
    render(<ConfirmDelete texts={TEXTS} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the thing' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open with a toast when the deletion fails', async () => {
    const onConfirm = jest.fn().mockRejectedValue(new Error('Not found'));
    render(<ConfirmDelete texts={TEXTS} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the thing' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'The thing could not be removed', description: 'Not found', variant: 'destructive' }));
    const dialog = screen.getByRole('alertdialog');
    expect((within(dialog).getByRole('button', { name: 'Remove it' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
