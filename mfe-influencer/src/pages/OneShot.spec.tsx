import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JobState } from '@lipcast/contracts';
import { ACCOUNT_QUERY_KEY } from '@lipcast/web-kit';
import { accountUser, fakeApi } from '@lipcast/web-kit/testing';
import { readLastResult, saveLastResult } from '../one-shot/last-result';
import OneShot from './OneShot';

const FINISHED: JobState = {
  id: 'run-1',
  status: 'succeeded',
  url: '/api/media/users/u1/jobs/run-1/video.mp4',
  steps: {
    script: { status: 'done', script: 'Basil loves a sunny windowsill.' },
    image: { status: 'done', url: '/api/media/users/u1/jobs/run-1/portrait.jpg' },
    audio: { status: 'done' },
    video: { status: 'done' },
  },
} as JobState;

function renderOneShot() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ACCOUNT_QUERY_KEY, accountUser({ id: 'u1' }));
  return render(
    <QueryClientProvider client={client}>
      <OneShot />
    </QueryClientProvider>,
  );
}

describe('One Shot on reopening', () => {
  beforeEach(() => localStorage.clear());

  it("shows the user's last finished result again, with its portrait as poster and its script", async () => {
    saveLastResult('u1', FINISHED);
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    const video = await screen.findByLabelText('One Shot video');
    expect(video.getAttribute('src')).toBe(FINISHED.url);
    expect(video.getAttribute('poster')).toBe('/api/media/users/u1/jobs/run-1/portrait.jpg');
    expect(screen.getByText('Basil loves a sunny windowsill.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Another Video' })).toBeTruthy();
  });

  it("shows the form when there is no last result, or it is another user's", async () => {
    saveLastResult('someone-else', FINISHED);
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    expect(await screen.findByRole('button', { name: 'Create One-Shot Video' })).toBeTruthy();
    expect(screen.queryByLabelText('One Shot video')).toBeNull();
    expect(readLastResult('u1')).toBeNull();
  });
});
