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
    // Making the clip spends a generation: said beside its button. The portrait is free: no notice beside it.
    const makeClip = screen.getByRole('button', { name: 'Generate Video' });
    expect(document.getElementById(makeClip.getAttribute('aria-describedby')!)?.textContent).toBe('This uses 1 of your 3 free videos (2 left after this).');
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
});
