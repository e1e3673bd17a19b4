import { fireEvent, screen } from '@testing-library/react';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { actor, bodyOf, renderVideoStep } from '../testing/video-step';

const RESULT = '/api/media/users/u1/videos/result.mp4';

describe('the video format in step 3', () => {
  it('sends the chosen format with the lip-sync and names the download after it', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT } } });
    HTMLElement.prototype.scrollIntoView = jest.fn();
    renderVideoStep();
    fireEvent.click(screen.getByRole('radio', { name: '9:16 vertical, 1080p (1080 × 1920)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));

    const download = await screen.findByRole('link', { name: 'Download Video' });
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0])).toMatchObject({ format: '9x16-1080p' });
    expect(download.getAttribute('download')).toMatch(/^lipsync-video-\d+-9x16-1080p\.mp4$/);
  });

  it('sends no format for the portrait card (the default), as before formats existed', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT } } });
    HTMLElement.prototype.scrollIntoView = jest.fn();
    renderVideoStep();
    expect(screen.getByRole('radio', { name: 'Portrait card (640 × 720)' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('link', { name: 'Download Video' });
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0])).not.toHaveProperty('format');
  });

  it('starts on the format the Creator chose for its influencer', () => {
    renderVideoStep({ ...actor, format: '1x1-720p' });
    expect(screen.getByRole('radio', { name: '1:1 square, 720p (720 × 720)' })).toHaveProperty('checked', true);
  });
});
