import { fireEvent, screen } from '@testing-library/react';
import { ENGINEERING_WORDS, fakeApi } from '@lipcast/web-kit/testing';
import { renderCreator } from '../testing/render-pages';

describe('The Creator says what it made (issue 16)', () => {
  beforeEach(() => localStorage.clear()); // the portrait an earlier test drew is kept as a draft
  it('shows under the drawn portrait which words it drew and which the offline engine could not', async () => {
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/image': {
        body: { url: '/api/media/users/u1/influencers/4/image.jpg', id: 4, imageKind: 'illustration', coverage: { drawn: ['woman', 'red hair'], notDrawn: ['young', 'sunny kitchen', 'coffee mug'] } },
      },
    });
    renderCreator();
    expect(screen.getByText('A silent motion clip of your influencer: add a voice next.')).toBeTruthy();
    expect(screen.queryByText(/speaking to the camera/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Image description'), { target: { value: 'A young woman with red hair in a sunny kitchen, holding a coffee mug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));

    const coverage = await screen.findByTestId('portrait-coverage');
    expect(coverage.textContent).toBe("Drawn from: woman, red hairNot drawn (the illustrated style can't show these yet): young, sunny kitchen, coffee mug");
    expect(coverage.textContent).not.toMatch(ENGINEERING_WORDS);
    // The clip is a free preview, and making it talk is the video it costs: said beside its button. The portrait has no notice beside it.
    const makeClip = screen.getByRole('button', { name: 'Generate Video' });
    expect(document.getElementById(makeClip.getAttribute('aria-describedby')!)?.textContent).toBe(
      "Free preview: this uses 1 of today's image previews. Making it talk then uses 1 of your 3 free videos (2 left after this).",
    );
    expect(screen.getByRole('button', { name: 'Regenerate' }).getAttribute('aria-describedby')).toBeNull();
    expect(screen.getAllByTestId('spend-notice')).toHaveLength(1);
  });

  it('shows a description that is too short beside its field, linked to it', () => {
    fakeApi({ 'GET /api/ai-influencer/projects': { body: [] } });
    renderCreator();
    const field = screen.getByLabelText('Image description');
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Prompt must be at least 5 characters.');
  });

  it("says beside Generate Video that today's image previews are spent when the server refuses the clip, and shows no clip", async () => {
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/image': { body: { url: '/api/media/users/u1/influencers/5/image.jpg', id: 5, imageKind: 'illustration' } },
      'POST /api/ai-influencer/video?projectId=5': { status: 429, body: { message: 'Daily limit of image previews reached, resets at 00:00 UTC', quotaExceeded: true } },
    });
    renderCreator();
    fireEvent.change(screen.getByLabelText('Image description'), { target: { value: 'A calm gardener with a grey beard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Video' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Daily limit of image previews reached, resets at 00:00 UTC');
    expect(screen.queryByTitle('Influencer video')).toBeNull();
    expect(screen.getByText('Your video will appear here once you generate it.')).toBeTruthy();
  });
});
