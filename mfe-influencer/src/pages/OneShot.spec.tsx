import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { JobState } from '@lipcast/contracts';
import { accountUser, callsTo, fakeApi, renderWithQueries } from '@lipcast/web-kit/testing';
import OneShot, { SCRIPT_DRAFT } from './OneShot';
import { readLastResult, saveLastResult } from '../one-shot/last-result';
import { renderOneShot } from '../testing/render-pages';

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

  it("shows a 9:16 run's own poster after a reload, its format kept with the result (not the portrait)", async () => {
    saveLastResult('u1', { ...FINISHED, format: '9x16-1080p', posterUrl: '/api/media/users/u1/jobs/run-1/poster.webp' });
    expect(readLastResult('u1')).toMatchObject({ format: '9x16-1080p', posterUrl: '/api/media/users/u1/jobs/run-1/poster.webp' });
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    const video = await screen.findByLabelText('One Shot video');
    expect(video.getAttribute('poster')).toBe('/api/media/users/u1/jobs/run-1/poster.webp');
  });

  it('says how the lip-sync was measured under the video (issue 36), kept across a reload', async () => {
    saveLastResult('u1', { ...FINISHED, lipSync: { offsetMs: 8, confidence: 0.66 } });
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    expect(await screen.findByText('Lip-sync checked: in sync')).toBeTruthy();
  });

  it("shows no portrait as the poster of a 9:16 run made before posters, after a reload", async () => {
    saveLastResult('u1', { ...FINISHED, format: '9x16-720p' });
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    const video = await screen.findByLabelText('One Shot video');
    expect(video.getAttribute('poster')).toBeNull();
  });

  it("shows the form when there is no last result, or it is another user's", async () => {
    saveLastResult('someone-else', FINISHED);
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    expect(await screen.findByRole('button', { name: 'Write Script' })).toBeTruthy();
    expect(screen.queryByLabelText('One Shot video')).toBeNull();
    expect(readLastResult('u1')).toBeNull();
  });
});

describe('One Shot shows the script before the run (issue 16)', () => {
  beforeEach(() => localStorage.clear());

  const WRITTEN = 'Basil, mint and chives grow happily on a sunny windowsill.';
  const EDITED = 'Basil and mint love a sunny windowsill. Water them twice a week.';

  async function describeAndWrite() {
    const fetchMock = fakeApi({
      'GET /api/ai-influencer/pipeline/current': { body: { run: null } },
      'POST /api/openai/generate-script': { body: { script: WRITTEN } },
      'POST /api/ai-influencer/pipeline': {
        body: { id: 'run-2', kind: 'one_shot', status: 'queued', progress: 0, url: null, error: null, steps: { ...FINISHED.steps, script: { status: 'done', script: EDITED }, image: { status: 'waiting' }, audio: { status: 'waiting' }, video: { status: 'waiting' } } },
      },
    });
    renderOneShot();
    fireEvent.change(await screen.findByLabelText('Influencer Description'), { target: { value: 'A calm gardener with a grey beard' } });
    fireEvent.change(screen.getByLabelText('Script Topic'), { target: { value: 'Three easy herbs to grow on a windowsill' } });
    expect(screen.queryByRole('button', { name: 'Create One-Shot Video' })).toBeNull(); // nothing to spend before the script is read
    fireEvent.click(screen.getByRole('button', { name: 'Write Script' }));
    const script = (await screen.findByLabelText('Script')) as HTMLTextAreaElement;
    return { fetchMock, script };
  }

  it('writes the script for free, lets the creator edit it, and starts the run with the edited script', async () => {
    const { fetchMock, script } = await describeAndWrite();
    expect(script.value).toBe(WRITTEN);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/openai/generate-script')[0].body))).toEqual({ topic: 'Three easy herbs to grow on a windowsill', maxDuration: 15 });
    expect(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')).toHaveLength(0);

    fireEvent.change(script, { target: { value: `  ${EDITED} ` } });
    expect(screen.getByText('12 words, about 6.5 s of speech (the video lasts 15 s).')).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create One-Shot Video' });
    // The spend is said beside the button that spends.
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toBe('This uses 1 of your 3 free videos (2 left after this).');
    fireEvent.click(create);

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')[0].body))).toEqual({
      influencerDescription: 'A calm gardener with a grey beard',
      gender: 'male',
      scriptTopic: 'Three easy herbs to grow on a windowsill',
      script: EDITED,
    });
    // The script step is done at once, with the script as edited.
    expect(await screen.findByText(EDITED)).toBeTruthy();
    expect(screen.getByText('Script being spoken')).toBeTruthy();
  });

  it('keeps the script being edited through a reload, for its writer only, until the run starts', async () => {
    const { script } = await describeAndWrite();
    fireEvent.change(script, { target: { value: EDITED } });
    cleanup();
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    expect(((await screen.findByLabelText('Script')) as HTMLTextAreaElement).value).toBe(EDITED);
    cleanup();
    renderWithQueries(<OneShot />, { account: accountUser({ id: 'u2' }), staleTime: Infinity });
    await screen.findByRole('button', { name: 'Write Script' });
    expect(screen.queryByLabelText('Script')).toBeNull();
    cleanup();

    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } }, 'POST /api/ai-influencer/pipeline': { body: { id: 'run-2', kind: 'one_shot', status: 'queued', progress: 0, url: null, error: null, steps: { ...FINISHED.steps, script: { status: 'done', script: EDITED }, image: { status: 'waiting' }, audio: { status: 'waiting' }, video: { status: 'waiting' } } } } });
    renderOneShot();
    fireEvent.change(await screen.findByLabelText('Influencer Description'), { target: { value: 'A calm gardener with a grey beard' } });
    fireEvent.change(screen.getByLabelText('Script Topic'), { target: { value: 'Three easy herbs to grow on a windowsill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create One-Shot Video' }));
    expect(await screen.findByText('Script being spoken')).toBeTruthy();
    expect(localStorage.getItem(`lipcast.draft.u1.${SCRIPT_DRAFT}`)).toBeNull();
  });

  it('says beside the script when it is over the 15 s budget or empty, and starts nothing', async () => {
    const { fetchMock, script } = await describeAndWrite();
    fireEvent.change(script, { target: { value: Array(31).fill('herbs').join(' ') } });
    const error = 'The script is too long: about 15.1 s of speech, and the video lasts 15 s. Shorten it to 30 words or fewer.';
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(script.getAttribute('aria-invalid')).toBe('true');
    expect(script.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(error);

    fireEvent.change(script, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create One-Shot Video' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please write a script or generate one.');
    expect(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')).toHaveLength(0);
  });

  it('shows each form error beside its field, linked to it', async () => {
    fakeApi({ 'GET /api/ai-influencer/pipeline/current': { body: { run: null } } });
    renderOneShot();
    fireEvent.change(await screen.findByLabelText('Influencer Description'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write Script' }));
    const description = screen.getByLabelText('Influencer Description');
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(description.getAttribute('aria-describedby')!)?.textContent).toBe('Description must be at least 10 characters');
    const topic = screen.getByLabelText('Script Topic');
    expect(document.getElementById(topic.getAttribute('aria-describedby')!)?.textContent).toBe('Topic must be at least 10 characters');
  });
});
