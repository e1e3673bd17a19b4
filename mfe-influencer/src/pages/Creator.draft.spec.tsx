import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { accountUser, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import { renderCreator } from '../testing/render-pages';
import Creator, { PORTRAIT_DRAFT } from './Creator';

const PORTRAIT = '/api/media/users/u1/influencers/4/image.jpg';
const CLIP = '/api/media/users/u1/influencers/4/video.mp4';

describe("the Creator's portrait survives a reload (issue 37)", () => {
  beforeEach(() => localStorage.clear());

  it('shows the portrait again after a reload, for its creator only, until its clip is made', async () => {
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/image': { body: { url: PORTRAIT, id: 4, imageKind: 'illustration' } },
      'POST /api/ai-influencer/video?projectId=4': { body: { url: CLIP } },
    });
    renderCreator();
    fireEvent.change(screen.getByLabelText('Image description'), { target: { value: 'A young woman with red hair in a sunny kitchen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    expect((await screen.findByAltText('Your influencer')).getAttribute('src')).toBe(PORTRAIT);
    cleanup();

    renderCreator(); // the reload
    expect(screen.getByAltText('Your influencer').getAttribute('src')).toBe(PORTRAIT);
    expect((screen.getByLabelText('Video prompt') as HTMLTextAreaElement).value).not.toBe('');
    cleanup();

    renderWithQueries(
      <MemoryRouter>
        <Creator />
      </MemoryRouter>,
      { account: accountUser({ id: 'u2' }), staleTime: Infinity },
    );
    expect(screen.queryByAltText('Your influencer')).toBeNull();
    cleanup();

    renderCreator();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByLabelText('Influencer video');
    await waitFor(() => expect(localStorage.getItem(`lipcast.draft.u1.${PORTRAIT_DRAFT}`)).toBeNull());
    cleanup();
    renderCreator();
    expect(screen.queryByAltText('Your influencer')).toBeNull();
  });
});
