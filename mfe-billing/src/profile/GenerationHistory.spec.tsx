import { fireEvent, screen, within } from '@testing-library/react';
import type { Project } from '@lipcast/contracts';
import { fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { GenerationHistory } from './GenerationHistory';

const LONG_TEXT = 'word '.repeat(30).trim();

const PROJECTS: Project[] = [
  { id: 3, createdAt: '2026-02-03T12:00:00.000Z', audioUrl: '/media/3.mp3', outputUrl: '/media/3.mp4', audioParams: { text: 'Finished video' } },
  { id: 2, createdAt: '2026-02-02T12:00:00.000Z', audioUrl: '/media/2.mp3', outputUrl: null, audioParams: { text: LONG_TEXT } },
  { id: 1, createdAt: '2026-02-01T12:00:00.000Z', audioUrl: null, outputUrl: null, audioParams: null },
];

/** Radix tabs switch on mouse down with the primary button. */
function selectTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe(GenerationHistory.name, () => {
  it('lists every generation under "All Generations" with the card rules', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS } });

    renderInApp(<GenerationHistory />);

    const cards = await screen.findAllByRole('listitem');
    expect(screen.getByRole('tab', { name: 'All Generations', selected: true })).toBeTruthy();
    expect(cards).toHaveLength(3);

    const [complete, audioOnly, processing] = cards;
    expect(within(complete).getByText('Complete')).toBeTruthy();
    expect(complete.querySelector('video')?.getAttribute('src')).toBe('/media/3.mp4#t=0.1'); // the first frame is its poster
    expect(complete.querySelector('video')?.hasAttribute('controls')).toBe(true);
    expect(within(complete).getByText('February 3, 2026')).toBeTruthy();

    expect(within(audioOnly).getByText('Audio only')).toBeTruthy();
    expect(within(audioOnly).getByText('Audio ready, video pending.')).toBeTruthy();
    expect(audioOnly.querySelector('audio')?.getAttribute('src')).toBe('/media/2.mp3');
    expect(audioOnly.querySelector('video')).toBeNull();
    expect(within(audioOnly).getByText(`${LONG_TEXT.slice(0, 100)}...`)).toBeTruthy();

    expect(within(processing).getByText('Processing generation...')).toBeTruthy();
    expect(processing.querySelector('audio, video')).toBeNull();
  });

  it('shows only the finished videos under "Completed"', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS } });
    renderInApp(<GenerationHistory />);
    await screen.findAllByRole('listitem');

    selectTab('Completed');

    const panel = screen.getByRole('tabpanel', { name: 'Completed' });
    const cards = within(panel).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]).getByText('Finished video')).toBeTruthy();
  });

  it('invites a user without generations to create one', async () => {
    fakeApi({ 'GET /api/projects': { body: [] } });

    renderInApp(<GenerationHistory />);

    expect(await screen.findByText('No generations yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first video' }).getAttribute('href')).toBe('/');
  });

  it('says so when the history cannot be loaded', async () => {
    fakeApi({ 'GET /api/projects': { status: 500, statusText: 'Internal Server Error' } });

    renderInApp(<GenerationHistory />);

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your generations. Please try again later.');
  });
});
