import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readHandedAudio, readSelectedInfluencer } from '@lipcast/web-kit';
import { MemoryRouter } from 'react-router-dom';
import { callsTo, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import Projects from './Projects';

const clip = (id: number, outputUrl: string | null) => ({
  id,
  createdAt: '2026-02-03T10:00:00.000Z',
  imageUrl: `/api/media/users/u1/influencers/${id}.jpg`,
  imageKind: 'illustration',
  thumbnailUrl: `/api/media/users/u1/influencers/${id}-thumb.jpg`,
  outputUrl,
  duration: outputUrl ? 20 : null,
  isApproved: false,
  moderation: { state: 'visible', reason: null, appealed: false },
  name: null as string | null,
  isOwner: true,
});

describe('Projects', () => {
  it("lists the Creator's clips with their portrait as poster, leaving out portraits without a clip", async () => {
    fakeApi({
      'GET /api/projects': { body: [] },
      'GET /api/ai-influencer/projects': { body: [clip(7, '/api/media/users/u1/influencers/7.mp4'), clip(8, null)] },
    });
    renderWithQueries(
      <MemoryRouter>
        <Projects />
      </MemoryRouter>,
    );
    const section = (await screen.findByRole('heading', { name: 'Influencer clips' })).closest('section')!;
    const video = within(section).getByLabelText('Influencer clip 7');
    expect(video.getAttribute('poster')).toBe('/api/media/users/u1/influencers/7-thumb.jpg');
    expect(video.getAttribute('src')).toBe('/api/media/users/u1/influencers/7.mp4');
    expect(within(section).queryByLabelText('Influencer clip 8')).toBeNull();
  });

  it('names each clip by its one name and opens a private one in the wizard without publishing it (issue 37)', async () => {
    fakeApi({
      'GET /api/projects': { body: [] },
      'GET /api/ai-influencer/projects': { body: [{ ...clip(19, '/api/media/users/u1/influencers/19.mp4'), isApproved: true, name: 'Chef Ruby' }, clip(20, '/api/media/users/u1/influencers/20.mp4')] },
    });
    renderWithQueries(
      <MemoryRouter>
        <Projects />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Chef Ruby' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Influencer 20' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Open in the wizard: Chef Ruby' }));
    expect(readSelectedInfluencer()).toMatchObject({ id: '19', title: 'Chef Ruby', url: '/api/media/users/u1/influencers/19.mp4' });
    fireEvent.click(screen.getByRole('link', { name: 'Open in the wizard: Influencer 20' }));
    expect(readSelectedInfluencer()).toMatchObject({ id: '20', title: 'Influencer 20', setting: 'AI Influencer' });
    sessionStorage.clear();
  });

  it("shows a video with its own poster and format, and its captions' downloads when its job made them", async () => {
    const captions = { vttUrl: '/api/media/users/u1/jobs/j5/captions.vtt', srtUrl: '/api/media/users/u1/jobs/j5/captions.srt' };
    fakeApi({
      'GET /api/projects': {
        body: [
          {
            id: 5,
            createdAt: '2026-02-03T10:00:00.000Z',
            audioUrl: '/api/media/users/u1/audio/a.mp3',
            outputUrl: '/api/media/users/u1/jobs/j5/video.mp4',
            audioParams: null,
            format: '9x16-720p',
            posterUrl: '/api/media/users/u1/jobs/j5/poster.webp',
            captions,
          },
        ],
      },
      'GET /api/ai-influencer/projects': { body: [] },
    });
    renderWithQueries(
      <MemoryRouter>
        <Projects />
      </MemoryRouter>,
    );
    const video = await screen.findByLabelText('Video 5');
    expect(video.getAttribute('poster')).toBe('/api/media/users/u1/jobs/j5/poster.webp');
    expect(screen.getByText('Format: 9:16 vertical, 720p (720 × 1280)')).toBeTruthy();
    const srt = screen.getByRole('link', { name: /SRT/ });
    expect(srt.getAttribute('href')).toMatch(/^\/api\/media\/users\/u1\/jobs\/j5\/captions\.srt\?download=.+\.srt$/);
    expect(screen.getByRole('link', { name: /VTT/ }).getAttribute('href')).toMatch(/captions\.vtt\?download=/);
  });

  it('starts the captions track off on a video whose captions are burned in, on for the others (issue 37, item 11)', async () => {
    const video = (id: number, burnedIn: boolean | undefined) => ({
      id,
      createdAt: '2026-02-03T10:00:00.000Z',
      audioUrl: `/api/media/users/u1/audio/${id}.mp3`,
      outputUrl: `/api/media/users/u1/jobs/j${id}/video.mp4`,
      audioParams: null,
      captions: { vttUrl: `/api/media/users/u1/jobs/j${id}/captions.vtt`, srtUrl: `/api/media/users/u1/jobs/j${id}/captions.srt`, ...(burnedIn === undefined ? {} : { burnedIn }) },
    });
    fakeApi({ 'GET /api/projects': { body: [video(1, true), video(2, false), video(3, undefined)] }, 'GET /api/ai-influencer/projects': { body: [] } });
    renderWithQueries(
      <MemoryRouter>
        <Projects />
      </MemoryRouter>,
    );
    const trackOf = async (id: number) => (await screen.findByLabelText(`Video ${id}`)).querySelector('track[kind="captions"]')!;
    expect((await trackOf(1)).hasAttribute('default')).toBe(false);
    expect((await trackOf(2)).hasAttribute('default')).toBe(true);
    // Stored before it was recorded: not burned in.
    expect((await trackOf(3)).hasAttribute('default')).toBe(true);
  });

  describe('managing videos (issue 37, item 9)', () => {
    const ACTOR = { id: 'a1', title: 'Host Maya', setting: 'Digital Performance', duration: 10, thumbnail: '/media/maya.jpg', url: '/media/maya.mp4' };
    const video = {
      id: 9,
      createdAt: '2026-02-03T10:00:00.000Z',
      audioUrl: '/api/media/users/u1/audio/9.mp3',
      outputUrl: '/api/media/users/u1/jobs/j9/video.mp4',
      audioParams: { text: 'Nine lives', voice_id: 'Calm_Woman', emotion: 'happy', pitch: 2, speed: 1.1, videoId: 'a1' },
      format: '1x1-720p',
      title: null as string | null,
    };
    const audioOnly = { ...video, id: 8, outputUrl: null, title: null };

    it('lists only the videos, each under its name, its number until it has one', async () => {
      fakeApi({ 'GET /api/projects': { body: [{ ...video, title: 'Spring teaser' }, { ...video, id: 10 }, audioOnly] }, 'GET /api/ai-influencer/projects': { body: [] } });
      renderWithQueries(
        <MemoryRouter>
          <Projects />
        </MemoryRouter>,
      );
      expect(await screen.findByRole('heading', { name: 'Spring teaser' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Video 10' })).toBeTruthy();
      // The audio without its video is the history's (/profile), not a video to manage.
      expect(screen.queryByRole('heading', { name: 'Video 8' })).toBeNull();
      expect(screen.queryByText('Video not made yet')).toBeNull();
      expect(screen.getByRole('link', { name: 'generation history' }).getAttribute('href')).toBe('/profile');
    });

    it('renames a video in a labelled dialog', async () => {
      const fetchMock = fakeApi({
        'GET /api/projects': { body: [video] },
        'GET /api/ai-influencer/projects': { body: [] },
        'PATCH /api/projects/9': { body: { ...video, title: 'Launch day' } },
      });
      renderWithQueries(
        <MemoryRouter>
          <Projects />
        </MemoryRouter>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Rename Video 9' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rename video' });
      fireEvent.change(within(dialog).getByLabelText('Video name'), { target: { value: 'Launch day' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/projects/9')).toHaveLength(1));
      expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/projects/9')[0].body))).toEqual({ title: 'Launch day' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("opens a video in the wizard with its actor, audio and format", async () => {
      fakeApi({ 'GET /api/projects': { body: [video] }, 'GET /api/ai-influencer/projects': { body: [] }, 'GET /api/actors': { body: [ACTOR] } });
      renderWithQueries(
        <MemoryRouter>
          <Projects />
        </MemoryRouter>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Open in the wizard: Video 9' }));
      await waitFor(() => expect(readHandedAudio()).toEqual({ url: video.audioUrl, text: 'Nine lives', voice: 'Calm_Woman', emotion: 'happy', pitch: 2, speed: 1.1 }));
      expect(readSelectedInfluencer()).toMatchObject({ id: 'a1', title: 'Host Maya', url: '/media/maya.mp4', format: '1x1-720p' });
      sessionStorage.clear();
    });
  });
});
