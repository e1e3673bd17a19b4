import { render, screen } from '@testing-library/react';
import { VideoPlayer } from './video-player';

describe('the video frame of a format', () => {
  it("takes the format's shape, and 8:9 (the portrait card's) unless told", () => {
    render(<VideoPlayer src="/api/media/v.mp4" title="Vertical" aspect={{ width: 1080, height: 1920 }} />);
    const vertical = screen.getByLabelText('Vertical');
    expect(vertical.style.aspectRatio).toBe('1080 / 1920');
    expect(vertical.className).not.toContain('aspect-[8/9]');
    render(<VideoPlayer src="/api/media/c.mp4" title="Card" />);
    expect(screen.getByLabelText('Card').className).toContain('aspect-[8/9]');
  });
});
