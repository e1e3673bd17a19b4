import type { ApiRoute } from '@lipcast/contracts';
import { ApiError, failedAnswerError, NETWORK_ERROR_MESSAGE, parseJson } from './api';

/** How much of the body has been sent, in percent (0-100); 100 once every byte is out and the server is working on it. */
export type UploadProgress = (percent: number) => void;

/**
 * Sends a multipart form to one of the gateway's routes that takes one (`API_ROUTES.createOwnActor`),
 * reporting how much of it has been sent: fetch cannot report upload progress, XMLHttpRequest can.
 * Answers as `callApi` does: the route's answer, `ApiError` (same message and body) for a failed
 * answer, an `Error` with `NETWORK_ERROR_MESSAGE` when the server cannot be reached.
 */
export function uploadWithProgress<TResponse>(route: ApiRoute<FormData, TResponse>, form: FormData, onProgress: UploadProgress): Promise<TResponse> {
  return new Promise<TResponse>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, route.path);
    // Same origin: the session cookie goes with it, and the browser's Origin header satisfies the gateway's check.
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.upload.onload = () => onProgress(100);
    request.onerror = () => reject(new Error(NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) return reject(failedAnswerError(route.path, request, text));
      const body = parseJson(text);
      if (body.failed) return reject(new ApiError(`Invalid JSON in response from ${route.path}`, request.status, text));
      resolve(body.value as TResponse);
    };
    // No Content-Type of our own: the browser writes multipart/form-data with its boundary.
    request.send(form);
  });
}
