import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { YourData } from './YourData';

describe('YourData', () => {
  it('offers the export as a download of the streamed ZIP', () => {
    render(<YourData />);
    const link = screen.getByRole('link', { name: 'Export my data' });
    expect(link.getAttribute('href')).toBe('/api/account/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it("deletes the account only once DELETE is typed, then leaves it through the identity provider's end-session address", async () => {
    const signOutUrl = 'https://idp.example/session/end?id_token_hint=t&post_logout_redirect_uri=https%3A%2F%2Fapp.example%2F';
    const fetchMock = fakeApi({ 'DELETE /api/account': { body: { deleted: true, signOutUrl } } });
    const onDeleted = jest.fn();
    render(<YourData onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = Array.from(dialog.querySelectorAll('button')).find((button) => button.textContent === 'Delete my account')!;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(signOutUrl));
    expect(JSON.parse(String(callsTo(fetchMock, 'DELETE /api/account')[0].body))).toEqual({ confirm: 'DELETE' });
  });
});
