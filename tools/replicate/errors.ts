/** Replicate's error answers: JSON `{title, detail, status}` with the matching HTTP status (and headers such as Retry-After). */
import type { InvalidField } from './models.ts';

export class ReplicateApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(String(body.detail));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** Replicate's answer for a path it does not serve, or an id it does not know (replicate-javascript #347). */
export const notFound = () => new ReplicateApiError(404, { detail: 'The requested resource could not be found.', status: 404 });

/** Replicate's answer for a version it cannot run (unknown, removed, or a community model named without one). */
export const invalidVersion = () =>
  new ReplicateApiError(422, {
    title: 'Invalid version or not permitted',
    detail: "The specified version does not exist (or perhaps you don't have permission to use it?)",
    status: 422,
  });

export function invalidInput(invalid: InvalidField[]): ReplicateApiError {
  const detail = invalid.map((field) => `- ${field.field}: ${field.description}`).join('\n') + '\n';
  return new ReplicateApiError(422, { title: 'Input validation failed', detail, status: 422, invalid_fields: invalid });
}

export const throttled = (retryAfterSeconds: number) =>
  new ReplicateApiError(
    429,
    { title: 'Request was throttled', detail: `Request was throttled. Expected available in ${retryAfterSeconds} second.`, status: 429 },
    { 'retry-after': String(retryAfterSeconds) },
  );

export const unauthenticated = () => new ReplicateApiError(401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });

export const notAJsonObject = () => new ReplicateApiError(400, { title: 'Bad request', detail: 'The request body is not a JSON object.', status: 400 });
