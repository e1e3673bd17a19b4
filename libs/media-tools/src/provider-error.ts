/**
 * A provider failure the user can understand, with the spec's message (section 8). `retryable`
 * marks time-outs and rate limits: the job may try again later. It lives here, with the media
 * checks that throw it, so the engine and the service's adapters share the one class.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unauthorized' | 'rate-limited' | 'timeout' | 'failed' | 'canceled' | 'invalid-input' | 'missing-key',
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
