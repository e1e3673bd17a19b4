import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import type { SelectedVideo } from '@lipcast/web-kit';
import { VideoStep } from './VideoStep';

const RESULT = '/api/media/users/u1/videos/result.mp4';
const actor: SelectedVideo = { id: 'a1', title: 'Host Maya', duration: 10, url: '/media/actors/maya.mp4', thumbnail: '/media/actors/maya.jpg' };
const audio = { url: '/api/media/users/u1/audio/a.mp3', text: 'Hello there', voice: 'Friendly_Person', emotion: 'neutral', pitch: 0, speed: 1 };

function renderStep(video: SelectedVideo = actor) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <VideoStep video={video} audio={audio} onBack={() => undefined} />
    </QueryClientProvider>,
  );
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('the video format in step 3', () => {
  it('sends the chosen format with the lip-sync and names the download after it', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT } } });
    HTMLElement.prototype.scrollIntoView = jest.fn();
    renderStep();
    fireEvent.click(screen.getByRole('radio', { name: '9:16 vertical, 1080p (1080 × 1920)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));

    const download = await screen.findByRole('link', { name: 'Download Video' });
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0])).toMatchObject({ format: '9x16-1080p' });
    expect(download.getAttribute('download')).toMatch(/^lipsync-video-\d+-9x16-1080p\.mp4$/);
  });

  it('sends no format for the portrait card (the default), as before formats existed', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT } } });
    HTMLElement.prototype.scrollIntoView = jest.fn();
    renderStep();
    expect(screen.getByRole('radio', { name: 'Portrait card (640 × 720)' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('link', { name: 'Download Video' });
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0])).not.toHaveProperty('format');
  });

  it('starts on the format the Creator chose for its influencer', () => {
    renderStep({ ...actor, format: '1x1-720p' });
    expect(screen.getByRole('radio', { name: '1:1 square, 720p (720 × 720)' })).toHaveProperty('checked', true);
  });
});
