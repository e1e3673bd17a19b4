import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { getToasts, handInfluencerToWizard, toast } from '@lipcast/web-kit';
import { accountUser, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import Wizard from './Wizard';

const ACTOR = { id: 'a1', title: 'Host Maya', setting: 'Digital Performance', duration: 10, thumbnail: '/media/actors/maya.jpg', url: '/media/actors/maya.mp4' };

describe('Wizard', () => {
  it("dismisses the previous step's toasts when the step changes", async () => {
    // jsdom has neither media playback (the actor tiles play previews) nor ResizeObserver (step 2's sliders).
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/actors': { body: [ACTOR] }, 'GET /api/replicate/voices': { body: ['Friendly_Person'] } });
    renderWithQueries(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
    );
    const scrollIntoView = jest.fn();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
    const next = await screen.findByRole('button', { name: 'Continue to Audio Generation' });
    expect(scrollIntoView).not.toHaveBeenCalled(); // the first step starts where the page does
    act(() => void toast({ title: 'Something from step 1' }));
    expect(getToasts().filter((t) => t.open)).toHaveLength(1);

    fireEvent.click(next);

    const title = await screen.findByRole('heading', { level: 1, name: 'Create Audio' });
    expect(getToasts().filter((t) => t.open)).toHaveLength(0);
    // The new step starts at its title, in view and focused (issue 37, item 4), not at the old scroll position.
    expect(document.activeElement).toBe(title);
    expect(scrollIntoView.mock.contexts).toEqual([title]);
    // The chosen actor stays in sight beside the script (the step's code loads when the step is reached).
    expect(within(await screen.findByRole('figure', { name: 'Chosen actor' })).getByText('Host Maya')).toBeTruthy();
    expect(document.activeElement).toBe(title);
  });

  it("puts the wizard's links and progress before each step's title, so a focused title's next Tab stop is the step's own (issue 37, item 6)", async () => {
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/actors': { body: [ACTOR] } });
    renderWithQueries(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
    );
    await screen.findByRole('radiogroup', { name: 'Actors' });
    const title = screen.getByRole('heading', { level: 1, name: 'Select Your Actor' });
    const follows = (element: Element) => (title.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

    expect(follows(screen.getByRole('navigation', { name: 'Other ways to create' }))).toBe(false);
    expect(follows(screen.getByRole('list', { name: 'Progress' }))).toBe(false);
    expect(follows(screen.getByRole('radiogroup', { name: 'Actors' }))).toBe(true);
  });

  it('asks for an actor beside the Continue button, not in a toast, when there is none to select', async () => {
    fakeApi({ 'GET /api/actors': { body: [] } });
    renderWithQueries(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
    );
    const next = await screen.findByRole('button', { name: 'Continue to Audio Generation' });
    fireEvent.click(next);
    expect(document.getElementById(next.getAttribute('aria-describedby')!)?.textContent).toBe('Please select an actor first');
    expect(getToasts().filter((t) => t.open)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Select Your Actor' })).toBeTruthy();
  });

  it('puts the upgrade offer of a creator with no generation left before the steps, and after the video on the last one (issue 37, item 2)', async () => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    handInfluencerToWizard({ ...ACTOR, title: 'Chef Ruby' }); // starts at step 2
    fakeApi({
      'GET /api/replicate/voices': { body: ['Friendly_Person'] },
      'POST /api/replicate/audio': { body: { url: '/api/media/users/u1/audio/a.mp3' } },
    });
    renderWithQueries(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
      { account: accountUser({ id: 'u1', generationsCount: 3 }) },
    );
    const offer = await screen.findByText(/You have used all your generations/);
    const dialogue = await screen.findByLabelText('Dialogue');
    expect(offer.compareDocumentPosition(dialogue) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await screen.findByRole('radio', { name: /Friendly Person/ });
    fireEvent.change(dialogue, { target: { value: 'Hello there.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Audio' }));
    await screen.findByLabelText('Audio preview');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const generate = await screen.findByRole('button', { name: 'Generate Video' });
    const offerAfter = await screen.findByText(/You have used all your generations/);
    expect(generate.compareDocumentPosition(offerAfter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens at step 3 with an audio handed from the history, on its actor (issue 37, item 9)', async () => {
    sessionStorage.setItem('wizardAudio', JSON.stringify({ url: '/api/media/users/u1/audio/a.mp3', text: 'Hello from the history', voice: 'Friendly_Person', emotion: 'neutral', pitch: 0, speed: 1 }));
    handInfluencerToWizard(ACTOR);
    fakeApi({ 'GET /api/actors': { body: [ACTOR] } });
    renderWithQueries(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Generate Video' })).toBeTruthy();
    expect(screen.getByText('Put your audio on Host Maya.')).toBeTruthy();
    // Handed once: a later visit starts at step 1.
    expect(sessionStorage.getItem('wizardAudio')).toBeNull();
  });
});
