import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InfluencerProject, Project } from '@lipcast/contracts';
import { readHandedAudio, readSelectedInfluencer } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { CLIPS_ERROR_MESSAGE, GenerationHistory, HISTORY_SCOPE_TEXT } from './GenerationHistory';

const LONG_TEXT = 'word '.repeat(30).trim();

const PROJECTS: Project[] = [
  { id: 3, createdAt: '2026-02-03T12:00:00.000Z', audioUrl: '/media/3.mp3', outputUrl: '/media/3.mp4', audioParams: { text: 'Finished video' } },
  { id: 2, createdAt: '2026-02-02T12:00:00.000Z', audioUrl: '/media/2.mp3', outputUrl: null, audioParams: { text: LONG_TEXT } },
  { id: 1, createdAt: '2026-02-01T12:00:00.000Z', audioUrl: null, outputUrl: null, audioParams: null },
];

const CLIPS = 'GET /api/ai-influencer/projects';

const clip = (id: number, createdAt: string, outputUrl: string | null): InfluencerProject => ({
  id,
  createdAt,
  imageUrl: `/api/media/users/u/influencers/${id}/image.jpg`,
  imageKind: 'photo',
  thumbnailUrl: outputUrl ? outputUrl.replace(/[^/]+$/, 'thumbnail.jpg') : null,
  outputUrl,
  duration: 20,
  isApproved: false,
  moderation: { state: 'visible', reason: null, appealed: false },
  name: null,
  isOwner: true,
});

/** Radix tabs switch on mouse down with the primary button. */
function selectTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe(GenerationHistory.name, () => {
  it('lists every generation under "All Generations" with the card rules', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS }, [CLIPS]: { body: [] } });

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

  it('lists every kind that uses a generation: wizard and One Shot videos and Creator clips, the One Shot clip once', async () => {
    const oneShot: Project = { id: 7, createdAt: '2026-02-05T12:00:00.000Z', audioUrl: '/api/media/users/u/jobs/j1/audio.mp3', outputUrl: '/api/media/users/u/jobs/j1/video.mp4', audioParams: { text: 'One Shot script' } };
    fakeApi({
      'GET /api/projects': { body: [oneShot, PROJECTS[0]] },
      [CLIPS]: {
        body: [
          clip(31, '2026-02-04T12:00:00.000Z', '/api/media/users/u/jobs/j2/clip.mp4'), // a Creator clip
          clip(32, '2026-02-05T12:00:00.000Z', '/api/media/users/u/jobs/j1/clip.mp4'), // the One Shot run's own clip
          clip(33, '2026-02-06T12:00:00.000Z', null), // a portrait without a clip used no generation
        ],
      },
    });

    renderInApp(<GenerationHistory />);

    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/^(Video|Creator clip)$/).textContent)).toEqual(['Video', 'Creator clip', 'Video']);
    const creatorClip = cards[1].querySelector('video')!;
    expect(creatorClip.getAttribute('poster')).toBe('/api/media/users/u/jobs/j2/thumbnail.jpg'); // not a black box before playing
    expect(creatorClip.getAttribute('src')).toBe('/api/media/users/u/jobs/j2/clip.mp4');
    expect(screen.getByText(HISTORY_SCOPE_TEXT)).toBeTruthy();
  });

  it('still lists the videos when the Creator clips cannot be loaded, and says what is missing', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS }, [CLIPS]: { status: 500, statusText: 'Internal Server Error' } });

    renderInApp(<GenerationHistory />);

    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(CLIPS_ERROR_MESSAGE)).toBeTruthy();
  });

  it('shows only the finished videos under "Completed"', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS }, [CLIPS]: { body: [] } });
    renderInApp(<GenerationHistory />);
    await screen.findAllByRole('listitem');

    selectTab('Completed');

    const panel = screen.getByRole('tabpanel', { name: 'Completed' });
    const cards = within(panel).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]).getByText('Finished video')).toBeTruthy();
  });

  it('invites a user without generations to create one', async () => {
    fakeApi({ 'GET /api/projects': { body: [] }, [CLIPS]: { body: [] } });

    renderInApp(<GenerationHistory />);

    expect(await screen.findByText('No generations yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first video' }).getAttribute('href')).toBe('/');
  });

  it('says so when the history cannot be loaded', async () => {
    fakeApi({ 'GET /api/projects': { status: 500, statusText: 'Internal Server Error' }, [CLIPS]: { body: [] } });

    renderInApp(<GenerationHistory />);

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your generations. Please try again later.');
  });

  it('offers "Make the video" on an audio-only card: the wizard opens at step 3 with that audio on its actor (issue 37, item 9)', async () => {
    const actor = { id: 'a1', title: 'Host Maya', setting: 'Digital Performance', duration: 10, thumbnail: '/media/maya.jpg', url: '/media/maya.mp4' };
    const audioOnly: Project = { id: 2, createdAt: '2026-02-02T12:00:00.000Z', audioUrl: '/media/2.mp3', outputUrl: null, audioParams: { text: 'Hello there', voice_id: 'Calm_Woman', emotion: 'happy', pitch: 1, speed: 1.2, videoId: 'a1' }, format: '9x16-720p' };
    fakeApi({ 'GET /api/projects': { body: [PROJECTS[0], audioOnly] }, [CLIPS]: { body: [] }, 'GET /api/actors': { body: [actor] } });

    renderInApp(<GenerationHistory />, { path: '/profile' });

    const buttons = await screen.findAllByRole('button', { name: 'Make the video' });
    expect(buttons).toHaveLength(1); // the finished video has none
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(screen.getByLabelText('Current path').textContent).toBe('/'));
    expect(readSelectedInfluencer()).toMatchObject({ id: 'a1', title: 'Host Maya', url: '/media/maya.mp4', format: '9x16-720p' });
    expect(readHandedAudio()).toEqual({ url: '/media/2.mp3', text: 'Hello there', voice: 'Calm_Woman', emotion: 'happy', pitch: 1, speed: 1.2 });
    sessionStorage.clear();
  });
});
