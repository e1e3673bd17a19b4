import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getToasts } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { EmailPreferences, MAIL_PREFERENCES_ERROR_MESSAGE } from './EmailPreferences';

describe('EmailPreferences', () => {
  it('shows the "video ready" switch as stored, and turning it off saves and says so', async () => {
    const fetchMock = fakeApi({
      'GET /api/profile/mail-preferences': { body: { videoReady: true } },
      'PUT /api/profile/mail-preferences': { body: { videoReady: false } },
    });
    renderInApp(<EmailPreferences />);

    const toggle = (await screen.findByRole('switch', { name: 'Mail me when a video is ready' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(toggle);

    await waitFor(() => expect((screen.getByRole('switch', { name: 'Mail me when a video is ready' }) as HTMLInputElement).checked).toBe(false));
    expect(callsTo(fetchMock, 'PUT /api/profile/mail-preferences').map((init) => JSON.parse(String(init.body)))).toEqual([{ videoReady: false }]);
    expect(getToasts()[0]).toMatchObject({ title: '"Video ready" mails are off', variant: 'success' });
  });

  it('says so when the settings cannot be loaded', async () => {
    fakeApi({ 'GET /api/profile/mail-preferences': { status: 503, body: { message: 'unavailable' } } });
    renderInApp(<EmailPreferences />);
    expect((await screen.findByRole('alert')).textContent).toBe(MAIL_PREFERENCES_ERROR_MESSAGE);
  });
});
