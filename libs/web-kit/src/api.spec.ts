import { API_ROUTES } from '@lipcast/contracts';
import {
  API_TOKEN_FAILED_MESSAGE,
  ApiError,
  apiRequest,
  apiRequestWithTimeout,
  callApi,
  DEFAULT_REQUEST_TIMEOUT_MS,
  isPaymentRequired,
  NETWORK_ERROR_MESSAGE,
  RATE_LIMIT_MESSAGE,
  RequestTimeoutError,
} from './api';
import { browser } from './browser';
import { registerPaymentHandler, type PaymentRequest } from './payment';
import { noteSessionProbe, registerSessionExpiredHandler } from './session';
import { installFetch } from './testing/fake-fetch';

async function errorFrom(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  noteSessionProbe(false);
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe(apiRequest.name, () => {
  describe('request', () => {
    it('sends credentials and no body or content type without a payload', async () => {
      const fetchMock = installFetch({ body: [] });

      await apiRequest('GET', '/api/projects');

      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/projects');
      expect(init.method).toBe('GET');
      expect(init.credentials).toBe('include');
      expect(init.body).toBeUndefined();
      expect(init.headers).toBeUndefined();
    });

    it('adds the headers a caller asks for, beside the JSON content type', async () => {
      const fetchMock = installFetch({ status: 202, body: { predictionId: 'p1' } });
      await apiRequest('POST', '/api/replicate/lipsync', { video: 'v' }, { headers: { Prefer: 'respond-async' } });
      expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Prefer: 'respond-async', 'Content-Type': 'application/json' });
    });

    it('sends the payload as JSON with a JSON content type', async () => {
      const fetchMock = installFetch({ body: { url: '/media/a.mp3' } });

      await apiRequest('POST', '/api/replicate/audio', { text: 'Hello', pitch: 0 });

      const [, init] = fetchMock.mock.calls[0];
      expect(init.credentials).toBe('include');
      expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
      expect(init.body).toBe('{"text":"Hello","pitch":0}');
    });
  });

  describe('response', () => {
    it('resolves with the parsed JSON body', async () => {
      installFetch({ body: { script: 'Hi there' } });

      const sut = await apiRequest<{ script: string }>('POST', '/api/openai/generate-script', { topic: 'x' });

      expect(sut).toEqual({ script: 'Hi there' });
    });

    it('resolves with null for an empty body', async () => {
      installFetch({ status: 204 });

      const sut = await apiRequest('POST', '/api/stripe/cancel-subscription');

      expect(sut).toBeNull();
    });

    it('raises ApiError when a successful body is not JSON', async () => {
      installFetch({ body: '<html>' });

      const sut = await errorFrom(apiRequest('GET', '/api/plans'));

      expect(sut).toBeInstanceOf(ApiError);
      expect(sut.message).toBe('Invalid JSON in response from /api/plans');
    });
  });

  describe('errors', () => {
    it('raises "{status}: {statusText}" when the body carries no message', async () => {
      installFetch({ status: 500, statusText: 'Internal Server Error', body: 'boom' });

      const sut = await errorFrom(apiRequest('GET', '/api/projects'));

      expect(sut).toBeInstanceOf(ApiError);
      expect(sut.message).toBe('500: Internal Server Error');
      expect((sut as ApiError).status).toBe(500);
      expect((sut as ApiError).body).toBe('boom');
    });

    it("prefers the server's message field", async () => {
      installFetch({ status: 400, statusText: 'Bad Request', body: { message: 'Prompt must be at least 5 characters.' } });

      const sut = await errorFrom(apiRequest('POST', '/api/ai-influencer/image', { prompt: 'x' }));

      expect(sut.message).toBe('Prompt must be at least 5 characters.');
      expect((sut as ApiError).body).toEqual({ message: 'Prompt must be at least 5 characters.' });
    });

    it('passes a provider-key failure message from the server through unchanged', async () => {
      installFetch({ status: 502, statusText: 'Bad Gateway', body: { message: API_TOKEN_FAILED_MESSAGE } });

      const sut = await errorFrom(apiRequest('POST', '/api/replicate/audio', {}));

      expect(sut.message).toBe('Authentication failed. Please check your API token.');
    });

    it('falls back to a generic reason when the status text is empty (HTTP/2)', async () => {
      installFetch({ status: 503, body: '' });

      const sut = await errorFrom(apiRequest('GET', '/api/projects'));

      expect(sut.message).toBe('503: Request failed');
    });

    it('raises the rate-limit message on 429, even when the server sent its own message', async () => {
      installFetch({ status: 429, statusText: 'Too Many Requests', body: { message: 'ThrottlerException' } });

      const sut = await errorFrom(apiRequest('POST', '/api/replicate/audio', {}));

      expect(RATE_LIMIT_MESSAGE).toBe('Rate limit exceeded. Please try again in a few minutes.');
      expect(sut.message).toBe(RATE_LIMIT_MESSAGE);
    });

    it('raises the server\'s own message for a spent daily quota (a 429 marked quotaExceeded)', async () => {
      const message = 'Daily limit of image previews reached, resets at 00:00 UTC';
      installFetch({ status: 429, statusText: 'Too Many Requests', body: { message, quotaExceeded: true, kind: 'image', limit: 10 } });

      const sut = await errorFrom(apiRequest('POST', '/api/ai-influencer/image', { prompt: 'a baker' }));

      expect(sut).toBeInstanceOf(ApiError);
      expect(sut.message).toBe(message);
      expect((sut as ApiError).status).toBe(429);
    });

    it('raises the rate-limit message when the body says "Too Many Requests"', async () => {
      installFetch({ status: 503, statusText: 'Service Unavailable', body: 'Upstream: Too Many Requests' });

      const sut = await errorFrom(apiRequest('GET', '/api/replicate/voices'));

      expect(sut.message).toBe('Rate limit exceeded. Please try again in a few minutes.');
    });

    it('raises the network message when fetch fails with a TypeError', async () => {
      global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));

      const sut = await errorFrom(apiRequest('GET', '/api/projects'));

      expect(sut.message).toBe('Network error. Please check your internet connection.');
      expect(NETWORK_ERROR_MESSAGE).toBe(sut.message);
      expect(sut.cause).toBeInstanceOf(TypeError);
    });
  });

  describe('402 payment required', () => {
    it('hands the limit to the payment handler and resolves with the marker instead of raising', async () => {
      const handler = jest.fn<void, [PaymentRequest]>();
      const unregister = registerPaymentHandler(handler);
      installFetch({ status: 402, statusText: 'Payment Required', body: { requiresPayment: true, limit: 60, requiresAdditionalOnly: true } });

      const sut = await apiRequest('POST', '/api/replicate/lipsync', {});
      unregister();

      expect(handler).toHaveBeenCalledWith({ limit: 60, requiresAdditionalOnly: true });
      expect(isPaymentRequired(sut)).toBe(true);
      expect(sut).toEqual({ kind: 'payment-required', limit: 60, requiresAdditionalOnly: true });
    });

    it('defaults the limit to 3 and requiresAdditionalOnly to false', async () => {
      const handler = jest.fn<void, [PaymentRequest]>();
      const unregister = registerPaymentHandler(handler);
      installFetch({ status: 402, body: { requiresPayment: true } });

      await apiRequest('POST', '/api/replicate/audio', {});
      unregister();

      expect(handler).toHaveBeenCalledWith({ limit: 3, requiresAdditionalOnly: false });
    });

    it('logs an unparsable 402 body and raises the generic error', async () => {
      const handler = jest.fn();
      const unregister = registerPaymentHandler(handler);
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      installFetch({ status: 402, statusText: 'Payment Required', body: '{not json' });

      const sut = await errorFrom(apiRequest('POST', '/api/replicate/audio', {}));
      unregister();

      expect(sut.message).toBe('402: Payment Required');
      expect(log).toHaveBeenCalledWith('Could not parse the 402 response from /api/replicate/audio', expect.any(SyntaxError));
      expect(handler).not.toHaveBeenCalled();
    });

    it('raises a 402 without requiresPayment like any other error', async () => {
      const handler = jest.fn();
      const unregister = registerPaymentHandler(handler);
      installFetch({ status: 402, statusText: 'Payment Required', body: { message: 'Card declined' } });

      const sut = await errorFrom(apiRequest('POST', '/api/stripe/create-subscription', {}));
      unregister();

      expect(sut.message).toBe('Card declined');
      expect(handler).not.toHaveBeenCalled();
    });

    it('isPaymentRequired rejects ordinary values', () => {
      expect(isPaymentRequired(null)).toBe(false);
      expect(isPaymentRequired({ url: '/x' })).toBe(false);
      expect(isPaymentRequired('payment-required')).toBe(false);
    });
  });

  describe('401 and the session', () => {
    it('calls the session-expired handler and raises when a signed-in user gets a 401', async () => {
      const expired = jest.fn();
      const unregister = registerSessionExpiredHandler(expired);
      installFetch(
        { body: { id: 'u1', username: 'ada' } },
        { status: 401, statusText: 'Unauthorized', body: { message: 'Authentication required. Please sign in again.' } },
      );

      await apiRequest('GET', '/api/auth/user');
      const sut = await errorFrom(apiRequest('GET', '/api/projects'));
      unregister();

      expect(expired).toHaveBeenCalledTimes(1);
      expect(sut).toBeInstanceOf(ApiError);
      expect((sut as ApiError).status).toBe(401);
      expect(sut.message).toBe('Authentication required. Please sign in again.');
    });

    it('calls the session-expired handler only once for concurrent 401s', async () => {
      const expired = jest.fn();
      const unregister = registerSessionExpiredHandler(expired);
      noteSessionProbe(true);
      installFetch({ status: 401 }, { status: 401 });

      await Promise.allSettled([apiRequest('GET', '/api/projects'), apiRequest('GET', '/api/stripe/plans')]);
      unregister();

      expect(expired).toHaveBeenCalledTimes(1);
    });

    it('does not treat a 401 for a signed-out visitor as an expired session', async () => {
      const expired = jest.fn();
      const unregister = registerSessionExpiredHandler(expired);
      installFetch({ status: 401, statusText: 'Unauthorized' }, { status: 401, statusText: 'Unauthorized' });

      await errorFrom(apiRequest('GET', '/api/auth/user'));
      const sut = await errorFrom(apiRequest('GET', '/api/projects'));
      unregister();

      expect(expired).not.toHaveBeenCalled();
      expect(sut.message).toBe('401: Unauthorized');
    });

    it('treats a 401 from the session probe itself as "signed out", not as an expired session', async () => {
      const expired = jest.fn();
      const unregister = registerSessionExpiredHandler(expired);
      noteSessionProbe(true);
      installFetch({ status: 401 }, { status: 401 });

      await errorFrom(apiRequest('GET', '/api/auth/user'));
      await errorFrom(apiRequest('GET', '/api/projects'));
      unregister();

      expect(expired).not.toHaveBeenCalled();
    });

    it('ignores 401s from other origins and when the caller expects one', async () => {
      const expired = jest.fn();
      const unregister = registerSessionExpiredHandler(expired);
      noteSessionProbe(true);
      installFetch({ status: 401 }, { status: 401 });

      await errorFrom(apiRequest('GET', 'https://api.example.com/api/projects'));
      await errorFrom(apiRequest('GET', '/api/projects', undefined, { expectUnauthorized: true }));
      unregister();

      expect(expired).not.toHaveBeenCalled();
    });

    it('by default sends the user to sign in and back to the current page', async () => {
      const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
      window.history.pushState({}, '', '/projects?tab=done');
      noteSessionProbe(true);
      installFetch({ status: 401 });

      await errorFrom(apiRequest('GET', '/api/projects'));
      window.history.pushState({}, '', '/');

      expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fprojects%3Ftab%3Ddone');
    });
  });
});

describe(apiRequestWithTimeout.name, () => {
  function hangingFetch(): jest.Mock {
    const mock = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    global.fetch = mock as unknown as typeof fetch;
    return mock;
  }

  it('aborts on expiry with an AbortError named error and the exact message', async () => {
    jest.useFakeTimers();
    const fetchMock = hangingFetch();

    const pending = errorFrom(apiRequestWithTimeout('POST', '/api/replicate/lipsync', { video: 'v' }, 180000));
    await jest.advanceTimersByTimeAsync(179999);
    expect((fetchMock.mock.calls[0][1] as RequestInit).signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const sut = await pending;

    expect(sut).toBeInstanceOf(RequestTimeoutError);
    expect(sut.name).toBe('AbortError');
    expect(sut.message).toBe('Request to /api/replicate/lipsync timed out after 180000ms');
  });

  it('defaults to 120000 ms', async () => {
    jest.useFakeTimers();
    hangingFetch();

    const pending = errorFrom(apiRequestWithTimeout('GET', '/api/projects'));
    await jest.advanceTimersByTimeAsync(120000);
    const sut = await pending;

    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(120000);
    expect(sut.message).toBe('Request to /api/projects timed out after 120000ms');
  });

  it('resolves like apiRequest when the answer comes in time and clears its timer', async () => {
    jest.useFakeTimers();
    const fetchMock = installFetch({ body: { url: '/media/v.mp4' } });

    const sut = await apiRequestWithTimeout('POST', '/api/replicate/lipsync', { video: 'v' }, 1000);

    expect(sut).toEqual({ url: '/media/v.mp4' });
    expect(fetchMock.mock.calls[0][1].body).toBe('{"video":"v"}');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('passes other errors through unchanged', async () => {
    installFetch({ status: 500, statusText: 'Internal Server Error' });

    const sut = await errorFrom(apiRequestWithTimeout('GET', '/api/projects', undefined, 1000));

    expect(sut).toBeInstanceOf(ApiError);
    expect(sut.message).toBe('500: Internal Server Error');
  });
});

describe(callApi.name, () => {
  it("sends the route's method and address, and the body as JSON", async () => {
    const fetchMock = installFetch({ body: { id: 5, name: 'Ana' } });

    const sut = await callApi(API_ROUTES.publishInfluencer(5), { body: { name: 'Ana', consent: true } });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/ai-influencer/projects/5/publish');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Ana","consent":true}');
    expect(sut).toEqual({ id: 5, name: 'Ana' });
  });

  it('passes the options on: headers, and an expected 401 that is not a session expiry', async () => {
    const expired = jest.fn();
    const unregister = registerSessionExpiredHandler(expired);
    const fetchMock = installFetch({ status: 401, body: { message: 'Unauthorized' } });

    const sut = await errorFrom(callApi(API_ROUTES.gallery, { expectUnauthorized: true, headers: { Prefer: 'respond-async' } }));
    unregister();

    expect((sut as ApiError).status).toBe(401);
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Prefer: 'respond-async' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('hands a 402 to the paywall and resolves with the marker on a route that spends a generation', async () => {
    const handler = jest.fn<void, [PaymentRequest]>();
    const unregister = registerPaymentHandler(handler);
    installFetch({ status: 402, body: { requiresPayment: true, limit: 3 } });

    const sut = await callApi(API_ROUTES.startPipeline, { body: { influencerDescription: 'a baker', gender: 'female', scriptTopic: 'bread' } });
    unregister();

    expect(handler).toHaveBeenCalledWith({ limit: 3, requiresAdditionalOnly: false });
    expect(sut).toEqual({ kind: 'payment-required', limit: 3, requiresAdditionalOnly: false });
  });

  it('hands a 402 to the paywall and then raises on a route that spends nothing: there is no answer to give', async () => {
    const handler = jest.fn<void, [PaymentRequest]>();
    const unregister = registerPaymentHandler(handler);
    installFetch({ status: 402, body: { requiresPayment: true, limit: 60, requiresAdditionalOnly: true } });

    const sut = await errorFrom(callApi(API_ROUTES.actors));
    unregister();

    expect(handler).toHaveBeenCalledWith({ limit: 60, requiresAdditionalOnly: true });
    expect(sut).toBeInstanceOf(ApiError);
    expect((sut as ApiError).status).toBe(402);
    expect(isPaymentRequired((sut as ApiError).body)).toBe(true);
  });

  it('aborts after timeoutMs with RequestTimeoutError', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    ) as unknown as typeof fetch;

    const pending = errorFrom(callApi(API_ROUTES.startLipSync, { body: { video: 'v' }, timeoutMs: 500 }));
    await jest.advanceTimersByTimeAsync(500);
    const sut = await pending;

    expect(sut).toBeInstanceOf(RequestTimeoutError);
    expect(sut.message).toBe('Request to /api/replicate/lipsync timed out after 500ms');
  });
});
