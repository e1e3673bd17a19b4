import { fireEvent, screen, within } from '@testing-library/react';
import { readSelectedInfluencer } from '@lipcast/web-kit';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
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
});
