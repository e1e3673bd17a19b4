import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { JobState } from '@lipcast/contracts';
import { getToasts } from '@lipcast/web-kit';
import { accountUser, callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { installFakeEventSource } from '../testing/fake-event-source';
import { bodyOf, renderVideoStep } from '../testing/video-step';
import { NEW_TAKE_NOTE, VideoStep } from './VideoStep';

const RESULT = '/api/media/users/u1/videos/result.mp4';

describe(VideoStep.name, () => {
  it('replaces the inputs with the result, scrolled into view, Download first as the primary action and Generate Again second', async () => {
    fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT } } });
    const scrollIntoView = jest.fn();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
    renderVideoStep();
    expect(screen.getByLabelText('Host Maya (input)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));

    const result = await screen.findByLabelText('Generated video');
    expect(result.getAttribute('src')).toBe(`${RESULT}#t=0.1`); // its first frame is the poster
    // That it is shown at its own size (never upscaled, Download in view) is measured in a browser: e2e/tests/result-view.spec.ts.
    expect(screen.queryByLabelText('Host Maya (input)')).toBeNull();
    const download = screen.getByRole('link', { name: 'Download Video' });
    expect(download.getAttribute('data-variant')).toBe('default'); // the primary action
    expect(download.getAttribute('download')).toMatch(/^lipsync-video-\d+\.mp4$/);
    // Named by the media route too, as the bytes may come from the object store's own origin.
    expect(download.getAttribute('href')).toBe(`${RESULT}?download=${download.getAttribute('download')}`);
    const again = screen.getByRole('button', { name: 'Generate Again' });
    expect(again.getAttribute('data-variant')).toBe('outline');
    expect(download.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The focus moves to the result (issue 37, item 4), not left on the Generate button that went away.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your video' }));
    // A finished video needs no progress bar (issue 37, item 13): it came back while a fix renders.
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    scrollIntoView.mockClear();
    fireEvent.loadedMetadata(result); // the page's height changes once the video knows its size
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
  });

  it('says what the generation spends beside the Generate Video button, and names the actor under its preview', async () => {
    fakeApi({ 'GET /api/auth/user': { body: accountUser({ generationsCount: 1 }) } });
    renderVideoStep();
    const generate = screen.getByRole('button', { name: 'Generate Video' });
    const notice = await screen.findByTestId('spend-notice');
    expect(notice.textContent).toBe('This uses 1 of your 3 free videos (1 left after this).');
    const description = document.getElementById(generate.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(notice.textContent);
    expect(generate.parentElement?.contains(notice)).toBe(true); // beside it, not elsewhere on the page
    expect(screen.getByRole('figure', { name: 'Host Maya (input)' }).textContent).toBe('Host Maya10s video');
  });

  it('shows its inputs without players: the actor as a still, the audio behind one play button (issue 37, item 6: they were 11 Tab stops)', async () => {
    renderVideoStep();
    expect(document.querySelector('video[controls], audio[controls]')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Host Maya (input)' }).querySelector('img, video')).toBeTruthy();
    const audio = screen.getByTestId<HTMLAudioElement>('audio-input-player');
    const play = jest.spyOn(audio, 'play').mockResolvedValue();
    const pause = jest.spyOn(audio, 'pause').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Play the audio' }));
    expect(play).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop the audio' }));
    expect(pause).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play the audio' }));
    fireEvent.ended(audio);
    expect(screen.getByRole('button', { name: 'Play the audio' })).toBeTruthy();
  });

  it('makes a new take with Generate Again (a new seed; the first video had none), and says beside it what that makes and spends (issue 37, item 3)', async () => {
    const TAKE = '/api/media/users/u1/jobs/j2/video.mp4';
    // The server answers a request with no seed (the first take) with the video it made before, a new seed with a new job.
    const api = fakeApi({
      'GET /api/auth/user': { body: accountUser({ generationsCount: 1 }) },
      'POST /api/replicate/lipsync': (init) => ({ body: bodyOf(init).seed ? { url: TAKE, predictionId: 'j2' } : { url: RESULT, predictionId: 'j1' } }),
    });
    renderVideoStep();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByLabelText('Generated video');
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0]).seed).toBeUndefined();

    const again = screen.getByRole('button', { name: 'Generate Again' });
    await waitFor(() => expect(again.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual([NEW_TAKE_NOTE, 'This uses 1 of your 3 free videos (1 left after this).']));
    fireEvent.click(again);

    await waitFor(() => expect(screen.getByLabelText('Generated video').getAttribute('src')).toBe(`${TAKE}#t=0.1`));
    const [, take] = callsTo(api, 'POST /api/replicate/lipsync').map(bodyOf);
    expect(take.seed).toEqual(expect.any(Number));
    expect(take.seed).toBeGreaterThan(0);
    expect({ ...take, seed: undefined }).toEqual({ ...bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0]), seed: undefined }); // the same inputs

    // Each click is a new take of its own.
    fireEvent.click(screen.getByRole('button', { name: 'Generate Again' }));
    await waitFor(() => expect(callsTo(api, 'POST /api/replicate/lipsync')).toHaveLength(3));
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[2]).seed).not.toBe(take.seed);
  });

  it("shows the job's place in the queue, then its time left, in a live region under the progress bar", async () => {
    // The start answers at once with the job's id (202); the run then goes on while the page follows its event stream.
    let starts = 0;
    fakeApi({ 'POST /api/replicate/lipsync': () => (starts++ === 0 ? { status: 202, body: { predictionId: 'job-9' } } : new Promise(() => undefined)) });
    const { streams, remove } = installFakeEventSource();
    try {
      const { unmount } = renderVideoStep();
      fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
      await screen.findByRole('progressbar', { name: 'Video generation progress' });
      await act(async () => undefined);
      expect(streams.map((stream) => stream.url)).toEqual(['/api/jobs/job-9/events']);
      const send = (state: Partial<JobState>) => act(() => streams[0].listeners.forEach((listener) => listener({ data: JSON.stringify({ id: 'job-9', kind: 'lipsync', progress: 0, url: null, error: null, ...state }) })));
      const region = screen.getByRole('status');
      expect(region.getAttribute('aria-live')).toBe('polite');

      send({ status: 'queued', queuePosition: 2, estimatedSeconds: 40 });
      expect(region.textContent).toBe('2 videos ahead of yours, about 40 s');
      send({ status: 'queued', queuePosition: 0, estimatedSeconds: 18 });
      expect(region.textContent).toBe('Yours is next, about 20 s');
      send({ status: 'running', progress: 50, estimatedSeconds: 12 });
      expect(region.textContent).toBe('About 10 s left');
      unmount();
    } finally {
      remove();
    }
  });

  it("shows the result with its own poster (its first frame at its format's aspect) when the job made one", async () => {
    const poster = '/api/media/users/u1/jobs/j1/poster.webp';
    fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT, predictionId: 'j1', posterUrl: poster } } });
    renderVideoStep();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    const result = await screen.findByLabelText('Generated video');
    expect(result.getAttribute('poster')).toBe(poster);
    expect(result.getAttribute('src')).toBe(RESULT);
  });

  it('says how the lip-sync was measured under the result (issue 36), in words', async () => {
    fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT, predictionId: 'j1', lipSync: { offsetMs: 120, confidence: 0.66 } } } });
    const { unmount } = renderVideoStep();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(await screen.findByText('Lip-sync checked: slightly late, 120 ms')).toBeTruthy();
    unmount();
    fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT, predictionId: 'j2', lipSync: { offsetMs: -12, confidence: 0.7 } } } });
    renderVideoStep();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(await screen.findByText('Lip-sync checked: in sync')).toBeTruthy();
  });

  it('says the credit was not used when the job failed (502), and not when it was canceled (409)', async () => {
    const failures = () => getToasts().filter((toast) => toast.open && toast.variant === 'destructive').map((toast) => toast.description);
    fakeApi({ 'POST /api/replicate/lipsync': { status: 502, body: { message: 'No face found in the video' } } });
    const { unmount } = renderVideoStep();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await waitFor(() => expect(failures()).toContain('No face found in the video. Your credit was not used.'));
    unmount();

    fakeApi({ 'POST /api/replicate/lipsync': { status: 409, body: { message: 'The generation was canceled.' } } });
    renderVideoStep();
    fireEvent.click(screen.getAllByRole('button', { name: 'Generate Video' })[0]);
    // The one toast shown is the cancel's, with nothing said of credits.
    await waitFor(() => expect(failures()).toEqual(['The generation was canceled.']));
  });
});
