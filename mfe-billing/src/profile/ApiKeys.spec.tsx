import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKeySummary, CreatedApiKey } from '@lipcast/contracts';
import { getToasts } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { ApiKeys, API_KEYS_ERROR_MESSAGE, endOfDay } from './ApiKeys';

const CI_KEY: ApiKeySummary = {
  id: '7d1e7c52-8f7e-4a51-9a43-1f0e0f6c2b11',
  name: 'CI pipeline',
  prefix: 'lc_live_AbCd',
  scopes: ['videos:read', 'videos:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2031-01-31T12:00:00.000Z',
};

const NEW_KEY: CreatedApiKey = {
  id: '0b9f3c1a-2d4e-4f6a-8b7c-9d0e1f2a3b4c',
  name: 'Zapier',
  prefix: 'lc_live_XyZ1',
  key: 'lc_live_XyZ1abcdefghijklmnopqrstuvwxyz0123456789-',
  scopes: ['videos:read', 'webhooks:manage'],
  createdAt: '2026-11-26T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

describe('ApiKeys', () => {
  it('lists the keys with their prefix, scopes and dates, never a key', async () => {
    fakeApi({ 'GET /api/api-keys': { body: [CI_KEY] } });
    renderInApp(<ApiKeys />);

    const list = await screen.findByRole('list', { name: 'Your API keys' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('CI pipeline');
    expect(item.textContent).toContain('lc_live_AbCd…');
    expect(within(item).getByText('videos:read')).toBeTruthy();
    expect(within(item).getByText('videos:write')).toBeTruthy();
    expect(item.textContent).toContain('Created November 20, 2026');
    expect(item.textContent).toContain('Last used never');
    expect(item.textContent).toContain('Expires January 31, 2031');
  });

  it('creates a key with the name, the scopes ticked and the expiry, then shows it once with a warning', async () => {
    const fetchMock = fakeApi({
      'GET /api/api-keys': { body: [] },
      'POST /api/api-keys': { status: 201, body: NEW_KEY },
    });
    renderInApp(<ApiKeys />);
    await screen.findByText('No API keys yet.');

    const create = screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: ' Zapier ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /webhooks:manage/ }));
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), { target: { value: '2031-06-30' } });
    fireEvent.click(create);

    const shown = await screen.findByLabelText('Your new API key');
    expect((shown as HTMLInputElement).value).toBe(NEW_KEY.key);
    expect(screen.getByText(/Copy your new key “Zapier” now: it will not be shown again/)).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/api-keys')[0].body))).toEqual({
      name: 'Zapier',
      scopes: ['videos:read', 'webhooks:manage'],
      expiresAt: endOfDay('2031-06-30'),
    });
    // The list is read again after the create.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/api-keys')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Your new API key')).toBeNull();
  });

  it('copies the new key to the clipboard', async () => {
    fakeApi({ 'GET /api/api-keys': { body: [] }, 'POST /api/api-keys': { status: 201, body: NEW_KEY } });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderInApp(<ApiKeys />);
    await screen.findByText('No API keys yet.');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Zapier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW_KEY.key));
  });

  it('cannot create a key without a scope', async () => {
    fakeApi({ 'GET /api/api-keys': { body: [] } });
    renderInApp(<ApiKeys />);
    await screen.findByText('No API keys yet.');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Nothing' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /videos:read/ }));
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal of a create as a toast", async () => {
    fakeApi({
      'GET /api/api-keys': { body: [] },
      'POST /api/api-keys': { status: 409, body: { message: 'You already have 20 API keys, the most an account may hold.' } },
    });
    renderInApp(<ApiKeys />);
    await screen.findByText('No API keys yet.');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'One too many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'The API key could not be created',
        description: 'You already have 20 API keys, the most an account may hold.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByLabelText('Your new API key')).toBeNull();
  });

  it('revokes a key only after confirming, then reads the list again', async () => {
    let keys = [CI_KEY];
    const fetchMock = fakeApi({
      'GET /api/api-keys': () => ({ body: keys }),
      [`DELETE /api/api-keys/${CI_KEY.id}`]: () => {
        keys = [];
        return { body: { revoked: true } };
      },
    });
    renderInApp(<ApiKeys />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke CI pipeline' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Programs using this key stop working at once');
    expect(callsTo(fetchMock, `DELETE /api/api-keys/${CI_KEY.id}`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await screen.findByText('No API keys yet.');
    expect(callsTo(fetchMock, `DELETE /api/api-keys/${CI_KEY.id}`)).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'API key "CI pipeline" revoked', variant: 'success' });
  });

  it('says so when the keys cannot be loaded', async () => {
    fakeApi({ 'GET /api/api-keys': { status: 503, body: { message: 'unavailable' } } });
    renderInApp(<ApiKeys />);
    expect((await screen.findByRole('alert')).textContent).toBe(API_KEYS_ERROR_MESSAGE);
  });
});
