import { fakeResponse, installFetch } from '@lipcast/web-kit/testing';
import { createAudio, defaultVoice, runLipSync, type AudioSettings, type LipSyncInput } from './generation-api';
import { LIPSYNC_ABORTED_MESSAGE, retryingMessage, TOO_MANY_ATTEMPTS_MESSAGE } from './rules';

const INPUT: LipSyncInput = { video: '/api/media/actors/a/idle-v1.mp4', audio: '/api/media/users/u/audio/x.mp3', audioUrl: '/api/media/users/u/audio/x.mp3', videoDuration: 8, audioParams: { text: 'Hi' } };
const events = () => ({ onPredictionId: jest.fn(), onRetrying: jest.fn() });
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

describe('the lip-sync protocol', () => {
  it("re-sends a new take's seed with every ask, so its re-sends find the one job it started (issue 37, item 3)", async () => {
    const fetchMock = installFetch({ status: 202, body: { predictionId: 'job-2', status: 'processing' } }, { body: { url: '/api/media/users/u/videos/job-2.mp4', predictionId: 'job-2' } });
    await expect(runLipSync({ ...INPUT, seed: 7 }, events(), { retryWaitMs: 0 })).resolves.toMatchObject({ url: '/api/media/users/u/videos/job-2.mp4' });
    expect(fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { seed?: number }).seed)).toEqual([7, 7]);
  });

  it('asks asynchronously first, follows the job, then asks again until the video is there', async () => {
    const fetchMock = installFetch(
      { status: 202, body: { predictionId: 'job-1', status: 'processing' } },
      { status: 202, body: { predictionId: 'job-1', status: 'processing' } },
      { body: { url: '/api/media/users/u/videos/job-1.mp4', predictionId: 'job-1' } },
    );
    const listener = events();
    await expect(runLipSync(INPUT, listener, { retryWaitMs: 0 })).resolves.toEqual({ url: '/api/media/users/u/videos/job-1.mp4', predictionId: 'job-1' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(headersOf(fetchMock.mock.calls[0][1]).Prefer).toBe('respond-async');
    expect(headersOf(fetchMock.mock.calls[1][1]).Prefer).toBeUndefined();
    expect(JSON.parse(fetchMock.mock.calls[1][1].body as string)).toEqual(INPUT);
    expect(listener.onPredictionId).toHaveBeenCalledTimes(1);
    expect(listener.onPredictionId).toHaveBeenCalledWith('job-1');
    expect(listener.onRetrying).toHaveBeenCalledWith(retryingMessage(3));
  });

  it('gives up after 5 attempts with the spec message', async () => {
    const fetchMock = installFetch(...Array.from({ length: 5 }, () => ({ status: 202, body: { predictionId: 'job-2' } })));
    await expect(runLipSync(INPUT, events(), { retryWaitMs: 0 })).rejects.toThrow(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('takes the prediction id from the result URL when the answer has none', async () => {
    installFetch({ body: { url: 'https://cdn.example/predictions/abcDEF123456789xyz/output.mp4' } });
    await expect(runLipSync(INPUT, events(), { retryWaitMs: 0 })).resolves.toMatchObject({ predictionId: 'abcDEF123456789xyz' });
  });

  it('hands a 402 to the paywall and stops', async () => {
    installFetch({ status: 402, body: { requiresPayment: true, limit: 3, message: 'limit' } });
    await expect(runLipSync(INPUT, events(), { retryWaitMs: 0 })).resolves.toMatchObject({ kind: 'payment-required', limit: 3 });
  });

  it('reports other failures with the server message and status', async () => {
    installFetch({ status: 502, body: { message: 'No face was found in this video or picture.' } });
    await expect(runLipSync(INPUT, events(), { retryWaitMs: 0 })).rejects.toMatchObject({ status: 502, message: 'No face was found in this video or picture.' });
  });
});

/** A fetch that answers in turn; `'hang'` never answers until the request is aborted. */
function scriptedFetch(replies: ('hang' | { status?: number; body: unknown })[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  global.fetch = jest.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/replicate/cancel/')) return Promise.resolve(fakeResponse({ body: {} }));
    const reply = replies.shift();
    if (!reply || reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    return Promise.resolve(fakeResponse(reply));
  }) as unknown as typeof fetch;
  return calls;
}

describe('the lip-sync protocol on time-outs', () => {
  it('retries a request that timed out, cancelling the prediction it had seen first', async () => {
    const calls = scriptedFetch(['hang', { status: 202, body: { predictionId: 'job-3' } }, 'hang', { body: { url: '/api/media/v.mp4', predictionId: 'job-4' } }]);
    const listener = events();
    await expect(runLipSync(INPUT, listener, { retryWaitMs: 0, requestTimeoutMs: 20 })).resolves.toEqual({ url: '/api/media/v.mp4', predictionId: 'job-4' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/replicate/lipsync', '/api/replicate/lipsync', '/api/replicate/lipsync', '/api/replicate/cancel/job-3', '/api/replicate/lipsync',
    ]);
    expect(listener.onRetrying).toHaveBeenCalledWith(retryingMessage(2));
  });

  it('gives up after 5 timed-out attempts with the spec message', async () => {
    scriptedFetch([]);
    await expect(runLipSync(INPUT, events(), { retryWaitMs: 0, requestTimeoutMs: 10 })).rejects.toThrow(LIPSYNC_ABORTED_MESSAGE);
  });
});

describe('audio', () => {
  const SETTINGS: AudioSettings = { text: 'Hello', voice_id: 'Friendly_Person', emotion: 'angry', pitch: 0, speed: 1, volume: 1, language: 'English', estimatedDuration: 0.4, videoDuration: 8 };

  it('retries once with neutral after 1 second when the emotion is refused', async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = installFetch({ status: 400, body: { message: 'emotion must be one of: neutral, happy' } }, { body: { url: '/api/media/a.mp3' } });
      const reset = jest.fn();
      const result = createAudio(SETTINGS, reset);
      await jest.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('/api/media/a.mp3');
      expect(reset).toHaveBeenCalled();
      expect(JSON.parse(fetchMock.mock.calls[1][1].body as string).emotion).toBe('neutral');
    } finally {
      jest.useRealTimers();
    }
  });

  it('says "No URL in response data" when the answer has no url', async () => {
    installFetch({ body: {} });
    await expect(createAudio({ ...SETTINGS, emotion: 'neutral' }, jest.fn())).rejects.toThrow('No URL in response data');
  });

  it('picks Friendly_Person when offered, else the first voice', () => {
    expect(defaultVoice(['Wise_Woman', 'Friendly_Person'])).toBe('Friendly_Person');
    expect(defaultVoice(['Wise_Woman', 'Calm_Woman'])).toBe('Wise_Woman');
  });
});
