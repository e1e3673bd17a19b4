import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InfluencerProject } from '@lipcast/contracts';
import { readSelectedInfluencer } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { renderCreator } from '../testing/render-pages';

const influencer = (id: number, overrides: Partial<InfluencerProject> = {}): InfluencerProject => ({
  id,
  createdAt: '2026-11-26T10:00:00.000Z',
  imageUrl: `/api/media/users/u1/influencers/${id}/image.jpg`,
  imageKind: 'illustration',
  thumbnailUrl: `/api/media/users/u1/jobs/j${id}/thumbnail.jpg`,
  outputUrl: `/api/media/users/u1/jobs/j${id}/clip.mp4`,
  duration: 20,
  isApproved: false,
  moderation: { state: 'visible', reason: null, appealed: false },
  name: null,
  isOwner: true,
  ...overrides,
});

describe("the creator's own influencers after a reload (issue 37)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('names each by its one name and opens a private one in the wizard without publishing it', async () => {
    fakeApi({
      'GET /api/ai-influencer/projects': {
        body: [influencer(19, { isApproved: true, name: 'Chef Ruby' }), influencer(20), influencer(21, { moderation: { state: 'removed', reason: 'Not allowed', appealed: true } })],
      },
    });
    renderCreator();
    const ruby = await screen.findByRole('listitem', { name: 'Your influencer 19' });
    expect(within(ruby).getByRole('heading', { name: 'Chef Ruby' })).toBeTruthy();
    fireEvent.click(within(ruby).getByRole('link', { name: 'Open in the wizard: Chef Ruby' }));
    expect(readSelectedInfluencer()).toMatchObject({ id: '19', title: 'Chef Ruby', setting: 'AI Influencer', url: '/api/media/users/u1/jobs/j19/clip.mp4' });

    const unpublished = screen.getByRole('listitem', { name: 'Your influencer 20' });
    expect(within(unpublished).getByRole('button', { name: 'Publish to the community' })).toBeTruthy();
    fireEvent.click(within(unpublished).getByRole('link', { name: 'Open in the wizard: Influencer 20' }));
    expect(readSelectedInfluencer()).toMatchObject({ id: '20', title: 'Influencer 20', url: '/api/media/users/u1/jobs/j20/clip.mp4' });

    // Removed by an operator: it cannot be used in new videos.
    expect(within(screen.getByRole('listitem', { name: 'Your influencer 21' })).queryByRole('link', { name: /Open in the wizard/ })).toBeNull();
  });

  it("hands a just-made clip to the wizard under its owner's name for it", async () => {
    const made = influencer(4, { isApproved: true, name: 'Chef Ruby', outputUrl: '/api/media/users/u1/jobs/j4/clip.mp4' });
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [made] },
      'POST /api/ai-influencer/image': { body: { url: made.imageUrl, id: 4, imageKind: 'illustration' } },
      'POST /api/ai-influencer/video?projectId=4': { body: { url: made.outputUrl } },
    });
    renderCreator();
    fireEvent.change(screen.getByLabelText('Image description'), { target: { value: 'A chef with red hair in a sunny kitchen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Video' }));
    await screen.findByLabelText('Influencer video');
    await waitFor(() => expect(screen.getAllByText(/Published to the community gallery as “Chef Ruby”/)).toHaveLength(2)); // the result's panel and its card
    fireEvent.click(screen.getByRole('button', { name: 'Generate Audio for this Video' }));
    expect(readSelectedInfluencer()).toMatchObject({ id: '4', title: 'Chef Ruby' });
  });
});
