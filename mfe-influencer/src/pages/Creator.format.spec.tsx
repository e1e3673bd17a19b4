import { fireEvent, screen } from '@testing-library/react';
import { readSelectedInfluencer } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { renderCreator } from '../testing/render-pages';

/** In the Creator, draws portrait 4 and makes its clip (answered `clip`); `projects` are the user's influencers. */
async function makeClip(clip: string, projects: unknown[] = []) {
  fakeApi({
    'GET /api/ai-influencer/projects': { body: projects },
    'POST /api/ai-influencer/image': { body: { url: '/api/media/users/u1/influencers/4/image.jpg', id: 4, imageKind: 'illustration' } },
    'POST /api/ai-influencer/video?projectId=4': { body: { url: clip } },
  });
  renderCreator();
  fireEvent.change(screen.getByLabelText('Image description'), { target: { value: 'A young woman with red hair in a sunny kitchen' } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Generate Video' }));
}

describe('the video format in the Creator', () => {
  beforeEach(() => localStorage.clear()); // the portrait an earlier test drew is kept as a draft
  afterEach(() => sessionStorage.clear());

  it('is chosen with the clip and handed to the wizard with it', async () => {
    const clip = '/api/media/users/u1/influencers/4/video.mp4';
    await makeClip(clip);

    await screen.findByRole('radiogroup', { name: 'Format of the talking video' });
    expect(screen.getByRole('radio', { name: 'Portrait card (640 × 720)' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: '9:16 vertical, 720p (720 × 1280)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Audio for this Video' }));
    expect(readSelectedInfluencer()).toMatchObject({ url: clip, format: '9x16-720p' });
  });

  it("shows the finished clip with its own first frame (its thumbnail) as the poster", async () => {
    const clip = '/api/media/users/u1/jobs/j4/clip.mp4';
    const thumbnail = '/api/media/users/u1/jobs/j4/thumbnail.jpg';
    const project = {
      id: 4, createdAt: '2026-11-26T10:00:00.000Z', imageUrl: '/api/media/users/u1/influencers/4/image.jpg', imageKind: 'illustration',
      thumbnailUrl: thumbnail, outputUrl: clip, duration: 20, isApproved: false, moderation: { state: 'visible', reason: null, appealed: false }, name: null, isOwner: true,
    };
    await makeClip(clip, [project]);
    const video = await screen.findByLabelText('Influencer video');
    expect(video.getAttribute('poster')).toBe(thumbnail);
  });
});
