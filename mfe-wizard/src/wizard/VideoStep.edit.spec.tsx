import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RevisionMessages, type CreatedRevision, type JobState, type VideoRevisions } from '@lipcast/contracts';
import { callsTo, fakeApi, type FakeRoutes } from '@lipcast/web-kit/testing';
import { installFakeEventSource } from '../testing/fake-event-source';
import { bodyOf, renderVideoStep } from '../testing/video-step';
import { EDIT_SCRIPT_HINT } from './EditScript';

const SCRIPT = 'Hello there. This video is ready. Post it today.';
const V1 = '/api/media/users/u1/jobs/j1/video.mp4';
const V2 = '/api/media/users/u1/jobs/r1/video.mp4';
const CAPTIONS_1 = { vttUrl: '/api/media/users/u1/jobs/j1/captions.vtt', srtUrl: '/api/media/users/u1/jobs/j1/captions.srt' };
const CAPTIONS_2 = { vttUrl: '/api/media/users/u1/jobs/r1/captions.vtt', srtUrl: '/api/media/users/u1/jobs/r1/captions.srt' };
const LIPSYNC = { 'POST /api/replicate/lipsync': { body: { url: V1, predictionId: 'j1', captions: CAPTIONS_1 } } };

const versionOne = { version: 1, url: V1, createdAt: '2026-11-29T10:00:00.000Z', current: true };
const revisionsOf = (overrides: Partial<VideoRevisions> = {}): VideoRevisions => ({ script: SCRIPT, versions: [versionOne], revisions: [], freeFixesLeft: 3, ...overrides });
const jobState = (state: Partial<JobState>): JobState => ({ id: 'r1', kind: 'lipsync', status: 'queued', progress: 0, url: null, error: null, ...state });
const created = (job: Partial<JobState> = {}, charged = false): CreatedRevision => ({
  revision: { id: 'r1', version: 2, status: 'queued', progress: 0, sentence: { index: 1, before: 'This video is ready.', after: 'This video is finished.' }, charged, url: null, error: null, createdAt: '2026-11-29T10:05:00.000Z' },
  job: jobState(job),
  freeFixesLeft: charged ? 0 : 2,
});

/** The EventSource the step follows jobs with (jsdom has none): each stream's listeners, to send it states. */
function fakeEventSource() {
  const { streams } = installFakeEventSource();
  // Async, so what a finished state sets off (its versions loaded, the new video shown) runs inside act too.
  const send = (url: string, state: Partial<JobState>) =>
    act(async () => {
      for (const stream of streams.filter((each) => each.url === url)) stream.listeners.forEach((listener) => listener({ data: JSON.stringify(jobState(state)) }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { streams, send };
}

/** Step 3 with its video made by job j1, and the "Edit script" button once its versions are known. */
async function finishedVideo(routes: FakeRoutes = {}) {
  const api = fakeApi({ ...LIPSYNC, 'GET /api/jobs/j1/revisions': { body: revisionsOf() }, ...routes });
  const view = renderVideoStep();
  fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
  const edit = await screen.findByRole('button', { name: 'Edit script' });
  return { api, edit, ...view };
}

const scriptField = () => screen.getByRole('textbox', { name: 'Script' }) as HTMLTextAreaElement;
const describedBy = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('Edit script on the finished video (issue 36, item 5)', () => {
  beforeEach(() => {
    HTMLElement.prototype.scrollIntoView = jest.fn();
  });
  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('opens a labelled script, prefilled, with the hint, the free fixes left and a live check; Make new version only for one changed sentence', async () => {
    const { edit } = await finishedVideo();
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(edit);
    const field = scriptField();
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(edit.getAttribute('aria-controls')!)?.contains(field)).toBe(true);
    expect(field.value).toBe(SCRIPT);
    expect(document.activeElement).toBe(field);
    const submit = screen.getByRole('button', { name: 'Make new version' }) as HTMLButtonElement;
    expect(describedBy(field)).toEqual([EDIT_SCRIPT_HINT, '3 free fixes left', RevisionMessages.unchanged]);
    expect(submit.disabled).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBe('false');

    fireEvent.change(field, { target: { value: 'Hello there. This video is finished. Post it today.' } });
    expect(screen.getByTestId('edit-check').textContent).toBe('Sentence 2 changes: “This video is ready.” becomes “This video is finished.”');
    expect(screen.getByTestId('edit-check').getAttribute('aria-live')).toBe('polite');
    expect(submit.disabled).toBe(false);

    fireEvent.change(field, { target: { value: 'Hi there. This video is finished. Post it today.' } });
    expect(screen.getByTestId('edit-check').textContent).toBe(RevisionMessages.tooMany);
    expect(submit.disabled).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'Hello there. This video is ready.' } });
    expect(screen.getByTestId('edit-check').textContent).toBe(RevisionMessages.removed);

    // Cancel closes it and gives the focus back; Escape does too.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Script' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(edit));
    fireEvent.click(edit);
    expect(scriptField().value).toBe(SCRIPT); // opened afresh
    fireEvent.keyDown(scriptField(), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Script' })).toBeNull();
  });

  it('sends the script, follows the new job on the progress bar, then shows the new version (captions, poster, lip-sync) and both versions to download', async () => {
    const { send, streams } = fakeEventSource();
    const poster = '/api/media/users/u1/jobs/r1/poster.webp';
    const twoVersions = revisionsOf({ script: 'Hello there. This video is finished. Post it today.', versions: [{ ...versionOne, current: false }, { version: 2, url: V2, createdAt: '2026-11-29T10:06:00.000Z', current: true }], freeFixesLeft: 2 });
    const { api, edit } = await finishedVideo({ 'POST /api/jobs/j1/revisions': { status: 202, body: created() }, 'GET /api/jobs/r1/revisions': { body: twoVersions } });
    expect(screen.queryByRole('heading', { name: 'Versions' })).toBeNull(); // one version: no list
    fireEvent.click(edit);
    fireEvent.change(scriptField(), { target: { value: 'Hello there. This video is finished. Post it today.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make new version' }));

    await waitFor(() => expect(streams.map((stream) => stream.url)).toContain('/api/jobs/r1/events'));
    expect(bodyOf(callsTo(api, 'POST /api/jobs/j1/revisions')[0])).toEqual({ script: 'Hello there. This video is finished. Post it today.' });
    expect((screen.getByRole('button', { name: 'Make new version' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Generate Again' }) as HTMLButtonElement).disabled).toBe(true);
    await send('/api/jobs/r1/events', { status: 'running', progress: 40, estimatedSeconds: 12 });
    expect(screen.getByRole('progressbar', { name: 'Video generation progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('job-wait').textContent).toBe('About 10 s left');
    await send('/api/jobs/r1/events', { status: 'succeeded', progress: 100, url: V2, captions: CAPTIONS_2, posterUrl: poster, lipSync: { offsetMs: 0, confidence: 0.8 } });

    await waitFor(() => expect(screen.getByLabelText('Generated video').getAttribute('src')).toBe(V2));
    const player = screen.getByLabelText('Generated video');
    expect(player.getAttribute('poster')).toBe(poster);
    expect(document.querySelector('video > track[kind="captions"]')!.getAttribute('src')).toBe(CAPTIONS_2.vttUrl);
    expect(screen.getByText('Lip-sync checked: in sync')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Script' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download Video' }).getAttribute('href')).toMatch(new RegExp(`^${V2}\\?download=`));
    const versions = screen.getByRole('region', { name: 'Versions' });
    const links = within(versions).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Version 1', 'Version 2 (current)']);
    expect(links[0].getAttribute('href')).toMatch(new RegExp(`^${V1}\\?download=lipsync-video-\\d+-v1\\.mp4$`));
    expect(links[0].getAttribute('download')).toMatch(/-v1\.mp4$/);
    // The next fix starts from the new version.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit script' })));
    fireEvent.click(screen.getByRole('button', { name: 'Edit script' }));
    expect(scriptField().value).toBe('Hello there. This video is finished. Post it today.');
    expect(screen.getByText('2 free fixes left')).toBeTruthy();
  });

  it("shows the POST's refusal beside the script (role=alert), which stays open", async () => {
    const { edit } = await finishedVideo({ 'POST /api/jobs/j1/revisions': { status: 400, body: { message: RevisionMessages.tooMany, statusCode: 400 } } });
    fireEvent.click(edit);
    fireEvent.change(scriptField(), { target: { value: 'Hello there. This video is finished. Post it today.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make new version' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(RevisionMessages.tooMany);
    expect(describedBy(scriptField())).toContain(RevisionMessages.tooMany);
    expect(scriptField().getAttribute('aria-invalid')).toBe('true');
    expect(scriptField().value).toBe('Hello there. This video is finished. Post it today.');
  });

  it('says when a failed paid fix gave its generation back, beside the script', async () => {
    const { send } = fakeEventSource();
    const { edit } = await finishedVideo({ 'GET /api/jobs/j1/revisions': { body: revisionsOf({ freeFixesLeft: 0 }) }, 'POST /api/jobs/j1/revisions': { status: 202, body: created({}, true) } });
    fireEvent.click(edit);
    expect(screen.getByText('Free fixes used: this fix uses 1 generation')).toBeTruthy();
    fireEvent.change(scriptField(), { target: { value: 'Hello there. This video is finished. Post it today.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make new version' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make new version' }).getAttribute('aria-busy')).toBe('true'));
    await act(async () => undefined);
    await send('/api/jobs/r1/events', { status: 'failed', error: 'The lip-sync failed' });
    expect((await screen.findByRole('alert')).textContent).toBe('The lip-sync failed. Your credit was not used.');
    expect(screen.getByLabelText('Generated video').getAttribute('src')).toBe(`${V1}#t=0.1`); // still the first version
  });

  it('shows the button disabled with the reason when the video cannot be edited (a recorded voice)', async () => {
    const { edit } = await finishedVideo({ 'GET /api/jobs/j1/revisions': { body: revisionsOf({ script: null, notEditable: RevisionMessages.recordedVoice }) } });
    expect((edit as HTMLButtonElement).disabled).toBe(true);
    expect(describedBy(edit)).toEqual([RevisionMessages.recordedVoice]);
  });

  it('offers no Edit script for a video that did not come from a job', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: V1 } } });
    renderVideoStep();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByLabelText('Generated video');
    expect(screen.queryByRole('button', { name: 'Edit script' })).toBeNull();
    expect(api.mock.calls.filter(([url]) => url.includes('/revisions'))).toEqual([]);
  });
});
