import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InfluencerProject } from '@lipcast/contracts';
import { navigateAway } from '@lipcast/web-kit';
import { accountUser, callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { formatDuration } from '../gallery/gallery';
import Gallery from './Gallery';

const item = (id: number, isOwner: boolean, duration: number | null, name: string | null = null): InfluencerProject => ({
  id,
  createdAt: '2026-11-22T12:00:00.000Z',
  imageUrl: `/api/media/users/u/influencers/${id}/image.jpg`,
  imageKind: 'illustration',
  thumbnailUrl: `/api/media/community/${id}/thumbnail-v1.jpg`,
  outputUrl: `/api/media/community/${id}/video-v1.mp4`,
  duration,
  isApproved: true,
  moderation: { state: 'visible', reason: null, appealed: false },
  name,
  isOwner,
});

jest.mock('@lipcast/web-kit', () => ({ ...jest.requireActual('@lipcast/web-kit'), navigateAway: jest.fn() }));
const navigateAwayMock = jest.mocked(navigateAway);

const GALLERY = 'GET /api/ai-influencer/gallery';
const ACCOUNT = 'GET /api/auth/user';

describe('Community gallery', () => {
  afterEach(() => sessionStorage.clear());
  beforeEach(() => navigateAwayMock.mockReset());

  it('lists the influencers with their duration, and hands the chosen one to the wizard', async () => {
    fakeApi({ [GALLERY]: { body: [item(12, false, 20.04), item(9, false, null)] }, [ACCOUNT]: { body: accountUser() } });
    renderInApp(<Gallery />, { path: '/user-influencers' });

    expect(await screen.findByText('Influencer 12')).toBeTruthy();
    expect(screen.getByLabelText('Duration 0:20')).toBeTruthy();
    expect(screen.getByLabelText('Duration ...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull(); // nobody's own here
    const proceed = screen.getByRole('button', { name: 'Continue to Audio Generation' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /^Influencer 12/ }));
    expect(proceed.disabled).toBe(false);
    fireEvent.click(proceed);
    expect(JSON.parse(sessionStorage.getItem('selectedInfluencer')!)).toEqual({
      id: '12', title: 'User Influencer 12', setting: 'User Generated', duration: 20.04, thumbnail: '/api/media/community/12/thumbnail-v1.jpg', url: '/api/media/community/12/video-v1.mp4',
    });
    expect(navigateAwayMock).not.toHaveBeenCalled(); // signed in: straight to the wizard
  });

  it('hands a named influencer to the wizard under the name its card shows (issue 37, item 7)', async () => {
    fakeApi({ [GALLERY]: { body: [{ ...item(12, false, 20), name: 'Chef Ruby' }] }, [ACCOUNT]: { body: accountUser() } });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    fireEvent.click(await screen.findByRole('button', { name: /^Chef Ruby/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Audio Generation' }));
    expect(JSON.parse(sessionStorage.getItem('selectedInfluencer')!)).toMatchObject({ id: '12', title: 'Chef Ruby' });
  });

  it("labels an influencer made from a real person's photo as AI-generated, and only that one", async () => {
    fakeApi({ [GALLERY]: { body: [{ ...item(12, false, 20), imageKind: 'upload' }, item(9, false, 20)] }, [ACCOUNT]: { body: accountUser() } });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    const labelled = await screen.findByRole('button', { name: /^Influencer 12/ });
    expect(labelled.textContent).toContain('AI-generated');
    expect(screen.getByRole('button', { name: /^Influencer 9/ }).textContent).not.toContain('AI-generated');
  });

  it('keeps a signed-out visitor\'s choice and sends them to sign in, coming back to the wizard at /', async () => {
    fakeApi({ [GALLERY]: { body: [item(12, false, 20)] }, [ACCOUNT]: { status: 401, body: { message: 'Unauthorized' } } });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    fireEvent.click(await screen.findByRole('button', { name: /^Influencer 12/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Audio Generation' }));
    expect(JSON.parse(sessionStorage.getItem('selectedInfluencer')!)).toMatchObject({ id: '12', url: '/api/media/community/12/video-v1.mp4' });
    expect(navigateAwayMock).toHaveBeenCalledWith('/api/login?returnTo=%2F', 'Login failed');
    expect(screen.queryByText('Influencer Selected')).toBeNull(); // no success notice before signing in
  });

  it("says each clip's format from the gallery data, the portrait card when the data names none", async () => {
    fakeApi({ [GALLERY]: { body: [{ ...item(12, false, 20, 'Coach Mia'), format: '9x16-720p' }, item(9, false, 20, 'Chef Cleo')] } });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    const vertical = await screen.findByRole('button', { name: /^Coach Mia/ });
    expect(vertical.textContent).toContain('Format: 9:16 vertical, 720p (720 × 1280)');
    expect(screen.getByRole('button', { name: /^Chef Cleo/ }).textContent).toContain('Format: Portrait card (640 × 720)');
  });

  it('shows each influencer under the name its owner published it with', async () => {
    fakeApi({ [GALLERY]: { body: [item(14, true, 20, 'Coach Mia')] } });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    expect(await screen.findByText('Coach Mia')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Coach Mia' })).toBeTruthy();
  });

  it("lets anyone report someone else's influencer with a reason and an optional contact", async () => {
    const fetchMock = fakeApi({
      [GALLERY]: { body: [item(21, false, 20, 'Coach Mia'), item(22, true, 20, 'My Own')] },
      'POST /api/ai-influencer/gallery/21/report': { body: { reported: true } },
    });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    fireEvent.click(await screen.findByRole('button', { name: 'Report Coach Mia' }));
    expect(screen.queryByRole('button', { name: 'Report My Own' })).toBeNull(); // not one's own
    const send = (await screen.findByRole('button', { name: 'Send report' })) as HTMLButtonElement;
    expect(send.disabled).toBe(true); // a reason first
    fireEvent.click(screen.getByLabelText("It uses someone's likeness without their consent"));
    fireEvent.change(screen.getByLabelText('Your contact (optional)'), { target: { value: 'me@example.com' } });
    fireEvent.click(send);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ai-influencer/gallery/21/report')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/gallery/21/report')[0].body))).toEqual({ reason: 'likeness', contact: 'me@example.com' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull());
  });

  it('lets owners delete their own influencers and refreshes the list', async () => {
    const fetchMock = fakeApi({
      [GALLERY]: { body: [item(5, true, 20)] },
      'DELETE /api/ai-influencer/projects/5': { body: { deleted: true } },
    });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Influencer 5' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/ai-influencer/projects/5')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, GALLERY).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the empty state and the error text of the spec', async () => {
    fakeApi({ [GALLERY]: { body: [] } });
    const { unmount } = renderInApp(<Gallery />, { path: '/user-influencers' });
    expect(await screen.findByText('No community-created influencers available yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your Own Influencer' }).getAttribute('href')).toBe('/ai-influencer');
    unmount();

    fakeApi({ [GALLERY]: { status: 500, body: { message: 'boom' } } });
    renderInApp(<Gallery />, { path: '/user-influencers' });
    expect(await screen.findByText('Error loading influencers')).toBeTruthy();
  });

  it('formats lengths as m:ss', () => {
    expect([0, 9.6, 20, 75].map(formatDuration)).toEqual(['0:00', '0:10', '0:20', '1:15']);
  });
});
