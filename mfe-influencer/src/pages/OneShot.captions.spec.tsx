import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { JobState } from '@lipcast/contracts';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { saveLastResult } from '../one-shot/last-result';
import { renderOneShot } from '../testing/render-pages';

const CAPTIONS = { vttUrl: '/api/media/users/u1/jobs/run-1/captions.vtt', srtUrl: '/api/media/users/u1/jobs/run-1/captions.srt' };
const FINISHED = {
  id: 'run-1',
  status: 'succeeded',
  url: '/api/media/users/u1/jobs/run-1/video.mp4',
  captions: CAPTIONS,
  steps: { script: { status: 'done', script: 'Basil loves sun.' }, image: { status: 'done', url: '/p.jpg' }, audio: { status: 'done' }, video: { status: 'done' } },
} as JobState;

describe('captions in One Shot', () => {
  beforeEach(() => localStorage.clear());

  it('starts the run with the chosen burned-in style', async () => {
    const fetchMock = fakeApi({
      'GET /api/ai-influencer/pipeline/current': { body: { run: null } },
      'POST /api/openai/generate-script': { body: { script: 'Basil and mint love a sunny windowsill.' } },
      'POST /api/ai-influencer/pipeline': { body: { ...FINISHED, id: 'run-2', status: 'queued', url: null, captions: undefined } },
    });
    renderOneShot();
    fireEvent.change(await screen.findByLabelText('Influencer Description'), { target: { value: 'A calm gardener with a grey beard' } });
    fireEvent.change(screen.getByLabelText('Script Topic'), { target: { value: 'Three easy herbs to grow on a windowsill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write Script' }));
    await screen.findByLabelText('Script');
    const choice = screen.getByRole('radiogroup', { name: 'Burned-in captions' });
    expect(choice).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Boxed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create One-Shot Video' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')[0].body))).toMatchObject({ captions: 'boxed' });
  });

  it('plays the result with its captions track, toggle and downloads', async () => {
    saveLastResult('u1', FINISHED);
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    const video = await screen.findByLabelText('One Shot video');
    expect(video.querySelector('track[kind="captions"]')!.getAttribute('src')).toBe(CAPTIONS.vttUrl);
    expect(screen.getByRole('button', { name: 'Hide captions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Captions (SRT)' }).getAttribute('href')).toMatch(/^\/api\/media\/users\/u1\/jobs\/run-1\/captions\.srt\?download=one-shot-video-\d+\.srt$/);
  });

  it('starts with the track off when the captions are burned into the picture (issue 37, item 11)', async () => {
    saveLastResult('u1', { ...FINISHED, captions: { ...CAPTIONS, burnedIn: true } });
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    await screen.findByLabelText('One Shot video');
    expect(screen.getByRole('button', { name: 'Show captions' }).getAttribute('aria-pressed')).toBe('false');
    expect(document.querySelector('video > track')!.hasAttribute('default')).toBe(false);
  });
});
