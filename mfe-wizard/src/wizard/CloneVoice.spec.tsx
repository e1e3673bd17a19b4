import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VOICE_CLONING_UNAVAILABLE, VOICE_CONSENT_TEXT, VoiceCloneMessages, type ClonedVoice, type OwnVoiceList } from '@lipcast/contracts';
import { dismissToast, getToasts } from '@lipcast/web-kit';
import { callsTo, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import { CloneVoice } from './CloneVoice';

const RECORDING = { url: '/api/media/users/u1/audio/a.mp3', durationSeconds: 12.4 };
const SAMPLE_SECONDS = { min: 10, max: 60 };
const mine: ClonedVoice = { id: 'clone:6f0c1d2e-1111-4222-8333-444455556666', name: 'Studio me', createdAt: '2026-11-29T10:00:00.000Z', lastUsedAt: '2026-11-29T10:00:00.000Z' };

beforeEach(() => act(() => dismissToast()));

describe(CloneVoice.name, () => {
  it('does not offer cloning on a server without a provider key, and says why', async () => {
    fakeApi({ 'GET /api/voices/own': { body: { voices: [], cloning: false, reason: VOICE_CLONING_UNAVAILABLE, sampleSeconds: SAMPLE_SECONDS } satisfies OwnVoiceList } });
    renderWithQueries(<CloneVoice recording={RECORDING} />);

    expect(await screen.findByText(VOICE_CLONING_UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).toBeNull();
  });

  it('asks for 10-60 s of voice before offering the button', async () => {
    fakeApi({ 'GET /api/voices/own': { body: { voices: [], cloning: true, sampleSeconds: SAMPLE_SECONDS } } });
    renderWithQueries(<CloneVoice recording={{ ...RECORDING, durationSeconds: 6 }} />);

    expect(await screen.findByText(/Upload 10 to 60 seconds of your voice above/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).toBeNull();
  });

  it('clones the uploaded recording with a name and the consent, then lists it under "Your voices", where it can be deleted', async () => {
    let voices: ClonedVoice[] = [];
    const fetchMock = fakeApi({
      'GET /api/voices/own': () => ({ body: { voices, cloning: true, sampleSeconds: SAMPLE_SECONDS } }),
      'POST /api/voices/clone': () => {
        voices = [mine];
        return { status: 201, body: mine };
      },
      [`DELETE /api/voices/own/${encodeURIComponent(mine.id)}`]: () => {
        voices = [];
        return { body: { deleted: true } };
      },
    });
    renderWithQueries(<CloneVoice recording={RECORDING} />);

    const button = await screen.findByRole('button', { name: 'Clone my voice' });
    fireEvent.click(button);
    expect(screen.getByText(VoiceCloneMessages.noName)).toBeTruthy();
    expect(screen.getByText(VoiceCloneMessages.consent)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/voices/clone')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Voice name'), { target: { value: '  Studio me ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: VOICE_CONSENT_TEXT }));
    fireEvent.click(button);

    const list = await screen.findByRole('list', { name: 'Your voices' });
    expect(within(list).getByText('Studio me')).toBeTruthy();
    expect(JSON.parse(callsTo(fetchMock, 'POST /api/voices/clone')[0].body as string)).toEqual({ audio: RECORDING.url, consent: true, name: 'Studio me' });
    expect(getToasts().some((toast) => toast.open && toast.title === 'Your Voice Is Cloned')).toBe(true);

    fireEvent.click(within(list).getByRole('button', { name: 'Delete Studio me' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your voices' })).toBeNull());
    expect(callsTo(fetchMock, `DELETE /api/voices/own/${encodeURIComponent(mine.id)}`)).toHaveLength(1);
  });

  it("shows the server's refusal beside the recording", async () => {
    const refusal = 'A voice is cloned from 10 to 60 seconds of speech; this recording is 9.8 s.';
    fakeApi({
      'GET /api/voices/own': { body: { voices: [], cloning: true, sampleSeconds: SAMPLE_SECONDS } },
      'POST /api/voices/clone': { status: 400, body: { code: 'VALIDATION', message: refusal, details: { field: 'audio' } } },
    });
    renderWithQueries(<CloneVoice recording={RECORDING} />);

    fireEvent.change(await screen.findByLabelText('Voice name'), { target: { value: 'Me' } });
    fireEvent.click(screen.getByRole('checkbox', { name: VOICE_CONSENT_TEXT }));
    fireEvent.click(screen.getByRole('button', { name: 'Clone my voice' }));

    const shown = await screen.findByText(refusal);
    expect(screen.getByRole('button', { name: 'Clone my voice' }).getAttribute('aria-describedby')).toBe(shown.id);
  });
});
