import { Messages, type AnyApiRoute, type HttpMethod, type RouteBody, type RouteResponse } from '@lipcast/contracts';
import { DEFAULT_PAYMENT_LIMIT, requestPayment, type PaymentRequest } from './payment';
import { ACCOUNT_URL, noteSessionProbe, noteUnauthorized } from './session';

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
export const RATE_LIMIT_MESSAGE: string = Messages.rateLimited;
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';
/** For provider-key failures; the server sends it as its own `message`, so it reaches users through `ApiError`. */
export const API_TOKEN_FAILED_MESSAGE = 'Authentication failed. Please check your API token.';

/** A non-OK answer from the server. `message` is what the user should see. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body, the raw text when it was not JSON, or null when empty. */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Raised by `apiRequestWithTimeout` on expiry; named `AbortError` as the spec requires. */
export class RequestTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`Request to ${url} timed out after ${timeoutMs}ms`);
    this.name = 'AbortError';
  }
}

/**
 * What a request resolves with after a 402 `requiresPayment` answer: the paywall has been handed
 * the request, and the caller should simply stop.
 */
export interface PaymentRequired extends PaymentRequest {
  readonly kind: 'payment-required';
}

export function isPaymentRequired(value: unknown): value is PaymentRequired {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'payment-required';
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /** A 401 is an expected answer here (signed-out visitor), not a sign that the session expired. */
  expectUnauthorized?: boolean;
  /** Extra request headers (e.g. `Prefer: respond-async`). */
  headers?: Record<string, string>;
}

export interface CallApiOptions extends ApiRequestOptions {
  /** Aborts after this long and raises `RequestTimeoutError` (then `signal` is not used). */
  timeoutMs?: number;
}

/** `callApi`'s second argument: the options, and the body when the route takes one. */
export type CallApiInput<R extends AnyApiRoute> = CallApiOptions & (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

/** What `callApi` resolves with: the route's answer, or for a route that spends a generation also the paywall hand-off. */
export type CallApiAnswer<R extends AnyApiRoute> = R['spends'] extends true ? RouteResponse<R> | PaymentRequired : RouteResponse<R>;

/**
 * Sends one of the gateway's operations (`API_ROUTES` in contracts) and resolves with its answer,
 * typed by the route. A 402 always hands the request to the paywall; a route that spends a
 * generation then resolves with the `PaymentRequired` marker (the caller simply stops), any other
 * route raises `ApiError` (status 402). Other failures raise as `apiRequest` says.
 */
export async function callApi<R extends AnyApiRoute>(
  route: R,
  ...[input]: RouteBody<R> extends undefined ? [input?: CallApiInput<R>] : [input: CallApiInput<R>]
): Promise<CallApiAnswer<R>> {
  const { body, timeoutMs, ...options } = input ?? {};
  const answer =
    timeoutMs === undefined
      ? await apiRequest<RouteResponse<R>>(route.method, route.path, body, options)
      : await apiRequestWithTimeout<RouteResponse<R>>(route.method, route.path, body, timeoutMs, options);
  return (route.spends ? answer : throwIfPaymentRequired(answer)) as CallApiAnswer<R>;
}

/** The answer of a call that cannot use the paywall hand-off: after a 402 there is no data to give, so it raises `ApiError`. */
export function throwIfPaymentRequired<T>(answer: T | PaymentRequired): T {
  if (isPaymentRequired(answer)) throw new ApiError('402: Payment Required', 402, answer);
  return answer;
}

/**
 * Calls our API with the session cookie. Resolves with the parsed JSON body (null when empty), or with
 * a `PaymentRequired` marker after a 402 hand-off; raises `ApiError` for other non-OK answers and an
 * `Error` with `NETWORK_ERROR_MESSAGE` when the server cannot be reached.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options: ApiRequestOptions = {},
): Promise<T | PaymentRequired> {
  const init: RequestInit = { method, credentials: 'include', signal: options.signal };
  if (options.headers) init.headers = { ...options.headers };
  if (data !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  const { response, text } = await send(url, init);
  const path = ownApiPath(url);

  if (response.ok) {
    const body = parseJson(text);
    if (body.failed) throw new ApiError(`Invalid JSON in response from ${url}`, response.status, text);
    if (path === ACCOUNT_URL) noteSessionProbe(body.value !== null);
    return body.value as T;
  }

  const body = parseJson(text);
  if (response.status === 402) {
    if (body.failed) {
      console.error(`Could not parse the 402 response from ${url}`, body.error);
    } else {
      const payment = paymentRequestFrom(body.value);
      if (payment) {
        requestPayment(payment);
        return { kind: 'payment-required', ...payment };
      }
    }
  }
  throw failedAnswerError(url, response, text, options);
}

/**
 * The `ApiError` of a failed answer (other than a 402 hand-off), with the message users see; a 401
 * from our own API notes the session as `apiRequest` does. Also for web-kit's uploads, which answer alike.
 */
export function failedAnswerError(url: string, response: AnswerStatus, text: string, options: Pick<ApiRequestOptions, 'expectUnauthorized'> = {}): ApiError {
  const path = ownApiPath(url);
  if (response.status === 401 && path !== null) {
    if (path === ACCOUNT_URL) noteSessionProbe(false);
    else if (!options.expectUnauthorized) noteUnauthorized();
  }
  const body = parseJson(text);
  const bodyValue = body.failed ? text : body.value;
  return new ApiError(errorMessage(response, text, bodyValue), response.status, bodyValue);
}

/** What an error message needs of an answer (a fetch `Response` or an `XMLHttpRequest`). */
interface AnswerStatus {
  status: number;
  statusText: string;
}

/** `apiRequest` that aborts after `timeoutMs` and raises `RequestTimeoutError` (name `AbortError`). */
export async function apiRequestWithTimeout<T>(
  method: HttpMethod,
  url: string,
  data?: unknown,
  timeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS,
  options: Omit<ApiRequestOptions, 'signal'> = {},
): Promise<T | PaymentRequired> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await apiRequest<T>(method, url, data, { ...options, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw new RequestTimeoutError(url, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function send(url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
  try {
    const response = await fetch(url, init);
    return { response, text: await response.text() };
  } catch (error) {
    // fetch reports an unreachable server (offline, DNS, CORS, connection reset) as a TypeError.
    if (error instanceof TypeError) throw new Error(NETWORK_ERROR_MESSAGE, { cause: error });
    throw error;
  }
}

type ParsedBody = { failed: false; value: unknown } | { failed: true; error: unknown };

export function parseJson(text: string): ParsedBody {
  if (text.trim() === '') return { failed: false, value: null };
  try {
    return { failed: false, value: JSON.parse(text) };
  } catch (error) {
    return { failed: true, error };
  }
}

function paymentRequestFrom(body: unknown): PaymentRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const { requiresPayment, limit, requiresAdditionalOnly } = body as Record<string, unknown>;
  if (requiresPayment !== true) return null;
  return {
    limit: typeof limit === 'number' ? limit : DEFAULT_PAYMENT_LIMIT,
    requiresAdditionalOnly: requiresAdditionalOnly === true,
  };
}

function errorMessage(response: AnswerStatus, text: string, body: unknown): string {
  const serverMessage = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  const hasServerMessage = typeof serverMessage === 'string' && serverMessage.trim() !== '';
  // A spent daily quota says which limit and when it resets ("Daily limit of image previews reached, …").
  if (response.status === 429 && hasServerMessage && (body as { quotaExceeded?: unknown }).quotaExceeded === true) return serverMessage;
  if (response.status === 429 || response.statusText === 'Too Many Requests' || text.includes('Too Many Requests')) {
    return RATE_LIMIT_MESSAGE;
  }
  if (hasServerMessage) return serverMessage;
  // HTTP/2 carries no reason phrase, so statusText can be empty.
  return `${response.status}: ${response.statusText || 'Request failed'}`;
}

/** The path of `url` when it addresses our own API (`/api/...` on this origin), otherwise null. */
function ownApiPath(url: string): string | null {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin || !target.pathname.startsWith('/api/')) return null;
  return target.pathname;
}
