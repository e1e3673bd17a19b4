import { fireEvent, screen } from '@testing-library/react';
import { ENGINEERING_WORDS } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import PitchDeck, { SLIDES } from './PitchDeck';

describe('Pitch deck', () => {
  it('shows one slide at a time and moves with the buttons and the arrow keys', () => {
    renderInApp(<PitchDeck />, { path: '/pitch-deck' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lipcast Pitch Deck' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: SLIDES[0].title })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: SLIDES[1].title })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByLabelText(`Slide 3 of ${SLIDES.length}`)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByRole('heading', { level: 2, name: SLIDES[1].title })).toBeTruthy();
  });

  it("speaks as a creator or an investor would, not in the engineering's words, on every slide", () => {
    for (const slide of SLIDES) for (const text of [slide.title, ...slide.points]) expect(text).not.toMatch(ENGINEERING_WORDS);
  });
});
