import { act, fireEvent, screen, within } from '@testing-library/react';
import { LIKENESS_CONSENT_TEXT, type Actor, type OwnActor } from '@lipcast/contracts';
import { accountUser, callsTo, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import { ActorStep } from './ActorStep';

const BUILT_IN: Actor[] = [
  { id: 'a1', title: 'Host Maya', setting: 'Digital Performance', duration: 10, thumbnail: '/media/actors/maya.jpg', url: '/media/actors/maya.mp4' },
  { id: 'a2', title: 'Puppet Rex', setting: 'Puppet Performance', duration: 8, thumbnail: '/media/actors/rex.jpg', url: '/media/actors/rex.mp4' },
];
const OWN: OwnActor = {
  id: '5b0c7c1e-0000-4000-8000-000000000001',
  name: 'Me at my desk',
  url: '/api/media/users/u1/actors/5b0c7c1e-0000-4000-8000-000000000001/clip.mp4',
  thumbnail: '/api/media/users/u1/actors/5b0c7c1e-0000-4000-8000-000000000001/thumbnail.jpg',
  durationSeconds: 12.6,
  width: 1080,
  height: 1920,
  createdAt: '2026-11-29T11:00:00.000Z',
  consent: { id: 'c1', subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: '2026-11-29T11:00:00.000Z' },
};
const LIMITS = { minSeconds: 3, maxSeconds: 60, maxMegabytes: 200 };

const signedIn = { account: accountUser({ id: 'u1' }) };
/** A tile's name: the actor's name, then its length spelled out for screen readers. */
const tileName = (title: string, seconds: number) => new RegExp(`^${title} ?, ${seconds} seconds$`);
const tile = (title: string, seconds: number) => screen.getByRole('radio', { name: tileName(title, seconds) });
const continueButton = () => screen.getByRole('button', { name: 'Continue to Audio Generation' });

beforeEach(() => {
  // jsdom has no media playback: the tiles play their clips while selected or hovered.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ActorStep tiles', () => {
  it('shows each tile as its still, and plays a clip only while its tile is selected or hovered (one player on the first screen)', async () => {
    fakeApi({ 'GET /api/actors': { body: BUILT_IN }, 'GET /api/actors/own': { body: { actors: [], limits: LIMITS } } });
    renderWithQueries(<ActorStep onContinue={jest.fn()} />, signedIn);
    const maya = await screen.findByRole('radio', { name: tileName('Host Maya', 10) });
    const rex = tile('Puppet Rex', 8);
    const clipOf = (element: HTMLElement) => element.querySelector('video')?.getAttribute('src') ?? null;

    expect(maya.querySelector('img')?.getAttribute('src')).toBe('/media/actors/maya.jpg');
    expect(maya.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    expect(rex.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect([clipOf(maya), clipOf(rex)]).toEqual(['/media/actors/maya.mp4', null]);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);

    fireEvent.mouseEnter(rex);
    expect(clipOf(rex)).toBe('/media/actors/rex.mp4');
    fireEvent.mouseLeave(rex);
    expect(clipOf(rex)).toBeNull();
    fireEvent.click(rex);
    expect([clipOf(maya), clipOf(rex)]).toEqual([null, '/media/actors/rex.mp4']);
  });
});

describe('ActorStep and your own actors (issue 35)', () => {
  it('lists own actors under "Your actors" after the built-in ones, with the first built-in still selected', async () => {
    fakeApi({ 'GET /api/actors': { body: BUILT_IN }, 'GET /api/actors/own': { body: { actors: [OWN], limits: LIMITS } } });
    const onContinue = jest.fn();
    renderWithQueries(<ActorStep onContinue={onContinue} />, signedIn);

    const group = await screen.findByRole('group', { name: 'Your actors' });
    const own = within(group).getByRole('radio', { name: tileName('Me at my desk', 13) });
    expect(own.getAttribute('aria-checked')).toBe('false');
    expect(within(group).queryByRole('radio', { name: /Host Maya/ })).toBeNull();
    expect(tile('Host Maya', 10).compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tile('Host Maya', 10).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith(BUILT_IN[0]);
  });

  it('continues with an own actor as it does with a built-in one: its clip is the video', async () => {
    fakeApi({ 'GET /api/actors': { body: BUILT_IN }, 'GET /api/actors/own': { body: { actors: [OWN], limits: LIMITS } } });
    const onContinue = jest.fn();
    renderWithQueries(<ActorStep onContinue={onContinue} />, signedIn);

    fireEvent.click(await screen.findByRole('radio', { name: tileName('Me at my desk', 13) }));
    expect(tile('Me at my desk', 13).getAttribute('aria-checked')).toBe('true');
    expect(tile('Host Maya', 10).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(continueButton());

    expect(onContinue).toHaveBeenCalledWith({ id: `own:${OWN.id}`, title: 'Me at my desk', duration: 13, thumbnail: OWN.thumbnail, url: OWN.url });
  });

  it('works with the built-in actors alone when the list of own actors fails', async () => {
    const fetchMock = fakeApi({ 'GET /api/actors': { body: BUILT_IN }, 'GET /api/actors/own': { status: 503, body: { message: 'Service unavailable' } } });
    const onContinue = jest.fn();
    renderWithQueries(<ActorStep onContinue={onContinue} />, signedIn);

    await screen.findByRole('radio', { name: tileName('Host Maya', 10) });
    expect(callsTo(fetchMock, 'GET /api/actors/own')).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Your actors' })).toBeNull();
    expect(screen.queryByText('Failed to load actors. Please try again later.')).toBeNull();
    fireEvent.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith(BUILT_IN[0]);
  });

  it('does not ask for own actors for a visitor', async () => {
    const fetchMock = fakeApi({ 'GET /api/actors': { body: BUILT_IN } });
    renderWithQueries(<ActorStep onContinue={jest.fn()} />, { account: undefined });

    await screen.findByRole('radio', { name: tileName('Host Maya', 10) });
    expect(callsTo(fetchMock, 'GET /api/actors/own')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Your actors' })).toBeNull();
  });

  it('is one radio group of every actor, built-in and own, one Tab stop whose arrow keys, Home and End choose the actor (issue 37, item 6)', async () => {
    fakeApi({ 'GET /api/actors': { body: BUILT_IN }, 'GET /api/actors/own': { body: { actors: [OWN], limits: LIMITS } } });
    const onContinue = jest.fn();
    renderWithQueries(<ActorStep onContinue={onContinue} />, signedIn);
    await screen.findByRole('group', { name: 'Your actors' });
    const group = screen.getByRole('radiogroup', { name: 'Actors' });
    const [maya, rex, own] = [tile('Host Maya', 10), tile('Puppet Rex', 8), tile('Me at my desk', 13)];
    expect(within(group).getAllByRole('radio')).toEqual([maya, rex, own]);
    /** The tiles the Tab key stops at: only the chosen one. */
    const tabStops = () => within(group).getAllByRole('radio').filter((radio) => radio.tabIndex === 0);
    expect(tabStops()).toEqual([maya]);

    act(() => maya.focus());
    fireEvent.keyDown(maya, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(rex);
    expect(rex.getAttribute('aria-checked')).toBe('true');
    expect(maya.getAttribute('aria-checked')).toBe('false');
    expect(tabStops()).toEqual([rex]);

    // Across into "Your actors", and round from the last tile to the first.
    fireEvent.keyDown(rex, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(own);
    fireEvent.keyDown(own, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(maya);
    fireEvent.keyDown(maya, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(own);
    fireEvent.keyDown(own, { key: 'Home' });
    expect(document.activeElement).toBe(maya);
    fireEvent.keyDown(maya, { key: 'End' });
    expect(document.activeElement).toBe(own);
    expect(tabStops()).toEqual([own]);

    fireEvent.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ id: `own:${OWN.id}` }));
  });
});
