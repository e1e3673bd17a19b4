import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getToasts } from '@lipcast/web-kit';
import { ShownOnceSecret } from './ShownOnceSecret';

const SECRET = 'whsec_q3J9x0vQeQ5aTt1lC8mF2bYp7Rk4nWz6sHdGuVjL0eA';

function renderSecret(onDone = jest.fn()) {
  render(
    <ShownOnceSecret
      warning="Copy it now: it will not be shown again."
      label="Signing secret"
      value={SECRET}
      copiedTitle="Signing secret copied"
      notCopiedTitle="The secret could not be copied"
      onDone={onDone}
    />,
  );
  return onDone;
}

describe('ShownOnceSecret', () => {
  it('shows the warning and the secret under its label', () => {
    renderSecret();
    expect(screen.getByRole('status').textContent).toContain('Copy it now: it will not be shown again.');
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
  });

  it('copies the secret to the clipboard and says so', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderSecret();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Signing secret copied', variant: 'success' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
  });

  it('asks to copy it by hand when the browser refuses', async () => {
    Object.assign(navigator, { clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } });
    renderSecret();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'The secret could not be copied', description: 'Select it and copy it by hand.', variant: 'destructive' }),
    );
  });

  it('is put away with "I have copied it"', () => {
    const onDone = renderSecret();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
