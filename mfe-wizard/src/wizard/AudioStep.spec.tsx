import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissToast, getToasts } from '@lipcast/web-kit';
import { accountUser, callsTo, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import { AudioStep, NO_AUDIO_MESSAGE, VOICES_FAILED_MESSAGE, type CreatedAudio } from './AudioStep';

const video = { id: 'a1', title: 'Host Maya', duration: 10, url: '/api/media/actors/maya/idle-v1.mp4', thumbnail: '/api/media/actors/maya/thumbnail-v1.jpg' };
const openToasts = () => getToasts().filter((toast) => toast.open);

let play: jest.SpyInstance;
let pause: jest.SpyInstance;
beforeAll(() => {
  // jsdom has neither media playback nor ResizeObserver (the sliders).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => {
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  act(() => dismissToast());
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

function renderStep(voices: { body?: unknown; status?: number } = { body: ['Abbess', 'Friendly_Person', 'Brand_new_voice'] }, onNext = jest.fn(), initial: CreatedAudio | null = null) {
  fakeApi({ 'GET /api/replicate/voices': voices });
  renderWithQueries(<AudioStep video={video} initial={initial} onBack={() => undefined} onNext={onNext} />);
  return onNext;
}

const player = () => screen.getByTestId('voice-sample-player') as HTMLAudioElement;

describe(AudioStep.name, () => {
  it("shows each voice by the catalog's name with its tags, an unknown one by its id, and the default voice chosen", async () => {
    renderStep();
    const serene = await screen.findByRole('radio', { name: /Serene Woman/ });
    const group = screen.getByRole('radiogroup', { name: 'Voice' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    const sereneRow = serene.closest('div')!;
    expect(within(sereneRow).getByText('female')).toBeTruthy();
    expect(within(sereneRow).getByText('calm')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Brand New Voice' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Friendly Person/ }) as HTMLInputElement).checked).toBe(true);
    expect((serene as HTMLInputElement).checked).toBe(false);

    fireEvent.click(serene);
    expect((serene as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Friendly Person/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("offers a signed-in creator's cloned voices after the provider's, by their names and without a sample, and speaks with the one chosen", async () => {
    const clone = { id: 'clone:0b8f6c1e-6f4a-4c55-9d7e-3f1c2a4b5c6d', name: 'My voice', createdAt: '2026-11-29T10:00:00.000Z', lastUsedAt: '2026-11-29T10:00:00.000Z' };
    const fetchMock = fakeApi({
      'GET /api/replicate/voices': { body: ['Friendly_Person'] },
      'GET /api/voices/own': { body: { voices: [clone], cloning: true, sampleSeconds: { min: 10, max: 60 } } },
      'POST /api/replicate/audio': { body: { url: '/api/media/users/u1/audio/a.mp3' } },
    });
    renderWithQueries(<AudioStep video={video} initial={null} onBack={() => undefined} onNext={() => undefined} />, { account: accountUser({ id: 'u1' }) });
    const mine = await screen.findByRole('radio', { name: /My voice/ });
    expect(within(screen.getByRole('radiogroup', { name: 'Voice' })).getAllByRole('radio')).toHaveLength(2);
    expect(within(mine.closest('div')!).getByText('Your voice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /sample of My voice/ })).toBeNull();
    expect(screen.getByRole('button', { name: /sample of Friendly Person/ })).toBeTruthy();

    fireEvent.click(mine);
    fireEvent.change(screen.getByLabelText('Dialogue'), { target: { value: 'In my own voice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Audio' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/replicate/audio')).toHaveLength(1));
    expect(JSON.parse(callsTo(fetchMock, 'POST /api/replicate/audio')[0].body as string)).toMatchObject({ voice_id: clone.id, text: 'In my own voice.' });
  });

  it("keeps only the chosen voice's sample button in the Tab order, which follows the choice (issue 37, item 6)", async () => {
    renderStep();
    const serene = await screen.findByRole('radio', { name: /Serene Woman/ });
    const sampleButtons = () => screen.getAllByRole('button', { name: /sample of/ });
    const inTabOrder = () => sampleButtons().filter((button) => button.tabIndex === 0).map((button) => button.getAttribute('aria-label'));
    expect(sampleButtons()).toHaveLength(3);
    expect(inTabOrder()).toEqual(['Play sample of Friendly Person']);

    fireEvent.click(serene);
    expect(inTabOrder()).toEqual(['Play sample of Serene Woman']);
    // Out of the Tab order, each sample still plays with the pointer.
    fireEvent.click(screen.getByRole('button', { name: 'Play sample of Brand New Voice' }));
    expect(player().getAttribute('src')).toBe('/api/voices/Brand_new_voice/sample?emotion=neutral');
  });

  it('plays one sample at a time, in the chosen emotion, and stops it on a second press', async () => {
    renderStep();
    const playSerene = await screen.findByRole('button', { name: 'Play sample of Serene Woman' });

    fireEvent.click(playSerene);
    expect(player().getAttribute('src')).toBe('/api/voices/Abbess/sample?emotion=neutral');
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Stop sample of Serene Woman' })).toBe(playSerene);

    fireEvent.click(screen.getByRole('button', { name: 'Play sample of Friendly Person' }));
    expect(player().getAttribute('src')).toBe('/api/voices/Friendly_Person/sample?emotion=neutral');
    expect(screen.getByRole('button', { name: 'Play sample of Serene Woman' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop sample of Friendly Person' })).toBeTruthy();

    const pausesBefore = pause.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Stop sample of Friendly Person' }));
    expect(pause.mock.calls.length).toBeGreaterThan(pausesBefore);
    expect(screen.getByRole('button', { name: 'Play sample of Friendly Person' })).toBeTruthy();
    expect(play).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Play sample of Serene Woman' }));
    fireEvent.ended(player()); // the sample came to its end
    expect(screen.getByRole('button', { name: 'Play sample of Serene Woman' })).toBeTruthy();
  });

  it('plays samples in the emotion chosen for the audio', async () => {
    renderStep(undefined, jest.fn(), { url: '/api/media/users/u1/audio/a.mp3', text: 'Hello there', voice: 'Abbess', emotion: 'sad', pitch: 0, speed: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Play sample of Brand New Voice' }));
    expect(player().getAttribute('src')).toBe('/api/voices/Brand_new_voice/sample?emotion=sad');
    expect((screen.getByRole('radio', { name: /Serene Woman/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the default voice and says so in a toast when the voices cannot be loaded', async () => {
    renderStep({ status: 500, body: { message: 'down' } });
    await waitFor(() => expect(openToasts().map((toast) => toast.description)).toContain(VOICES_FAILED_MESSAGE));
    expect((screen.getByRole('radio', { name: /Friendly Person/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('radiogroup', { name: 'Voice' })).getAllByRole('radio')).toHaveLength(1);
  });

  it('shows the chosen actor beside the script', async () => {
    renderStep();
    const actor = screen.getByRole('figure', { name: 'Chosen actor' });
    expect(within(actor).getByText('Host Maya')).toBeTruthy();
    expect(within(actor).getByText('10s video')).toBeTruthy();
    expect(actor.querySelector('img')?.getAttribute('src')).toBe(video.thumbnail);
    await screen.findByRole('radio', { name: /Serene Woman/ });
  });

  it('says what is wrong with the dialogue under it, not in a toast, and takes the user there', async () => {
    const onNext = renderStep();
    await screen.findByRole('radio', { name: /Serene Woman/ });
    const dialogue = screen.getByLabelText('Dialogue');
    expect(dialogue.getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const note = document.getElementById(dialogue.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe('Please enter dialogue text');
    expect(dialogue.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dialogue);
    expect(openToasts()).toHaveLength(0);
    expect(onNext).not.toHaveBeenCalled();

    fireEvent.change(dialogue, { target: { value: 'word '.repeat(30) } }); // 12 s of speech for a 10 s video
    expect(note.textContent).toBe('⚠ Your audio (12s) is longer than the video (10s). Please reduce your text to match the video length.');
    expect(dialogue.getAttribute('aria-invalid')).toBe('true');
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(note.textContent).toBe('Audio Too Long. Your audio (12s) is longer than the video (10s). Please reduce your text to match the video length.');
    expect(document.activeElement).toBe(dialogue);
    expect(openToasts()).toHaveLength(0);

    fireEvent.change(dialogue, { target: { value: 'Hello there' } });
    expect(note.textContent).toBe('Estimated duration: 0.8s of 10s');
    expect(dialogue.getAttribute('aria-invalid')).toBe('false');
  });

  it('brings a new audio preview to the middle of the screen, clear of the toasts at the bottom, and not a preview it was given back (issue 37, item 13)', async () => {
    const scrollIntoView = jest.fn();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
    fakeApi({ 'GET /api/replicate/voices': { body: ['Friendly_Person'] }, 'POST /api/replicate/audio': { body: { url: '/api/media/users/u1/audio/a.mp3' } } });
    const { unmount } = renderWithQueries(<AudioStep video={video} initial={null} onBack={() => undefined} onNext={() => undefined} />);
    await screen.findByRole('radio', { name: /Friendly Person/ });
    fireEvent.change(screen.getByLabelText('Dialogue'), { target: { value: 'Hello there.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Audio' }));
    const preview = await screen.findByLabelText('Audio preview');
    expect(scrollIntoView.mock.contexts).toEqual([preview]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    unmount();

    scrollIntoView.mockClear();
    renderStep(undefined, undefined, { url: '/api/media/users/u1/audio/a.mp3', text: 'Hello there.', voice: 'Friendly_Person', emotion: 'neutral', pitch: 0, speed: 1 });
    await screen.findByLabelText('Audio preview');
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('asks for the audio beside the Generate button when Next is pressed without it', async () => {
    const onNext = renderStep();
    await screen.findByRole('radio', { name: /Serene Woman/ });
    fireEvent.change(screen.getByLabelText('Dialogue'), { target: { value: 'Hello there' } });
    const generate = screen.getByRole('button', { name: 'Generate Audio' });
    expect(generate.getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(document.getElementById(generate.getAttribute('aria-describedby')!)?.textContent).toBe(NO_AUDIO_MESSAGE);
    expect(document.activeElement).toBe(generate);
    expect(openToasts()).toHaveLength(0);
    expect(onNext).not.toHaveBeenCalled();
  });

  it("keeps the dialogue through a reload, for its writer only, until its audio is taken to step 3", async () => {
    fakeApi({ 'GET /api/replicate/voices': { body: ['Friendly_Person'] }, 'GET /api/voices/own': { body: { voices: [], cloning: false, sampleSeconds: { min: 10, max: 60 } } }, 'POST /api/replicate/audio': { body: { url: '/api/media/users/u1/audio/a.mp3' } } });
    const step = (id: string, onNext = jest.fn()) => renderWithQueries(<AudioStep video={video} initial={null} onBack={() => undefined} onNext={onNext} />, { account: accountUser({ id }) });
    const dialogue = () => (screen.getByLabelText('Dialogue') as HTMLTextAreaElement).value;

    const first = step('u1');
    fireEvent.change(screen.getByLabelText('Dialogue'), { target: { value: 'Welcome back to my kitchen.' } });
    first.unmount();
    const reloaded = step('u1');
    expect(dialogue()).toBe('Welcome back to my kitchen.');
    reloaded.unmount();
    const someoneElse = step('u2');
    expect(dialogue()).toBe('');
    someoneElse.unmount();

    const onNext = jest.fn();
    const last = step('u1', onNext);
    await screen.findByRole('radio', { name: /Friendly Person/ });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Audio' }));
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(onNext).toHaveBeenCalled();
    });
    last.unmount();
    step('u1');
    expect(dialogue()).toBe('');
  });
});
