import { ApiError, RATE_LIMIT_MESSAGE } from '@lipcast/web-kit';
import { failureToast } from './errors';

describe(failureToast.name, () => {
  it('shows the generic text for a rate limit', () => {
    expect(failureToast(new ApiError(RATE_LIMIT_MESSAGE, 429, { message: 'ThrottlerException' }))).toEqual({ title: 'Error', description: RATE_LIMIT_MESSAGE });
  });

  it('shows a spent daily quota\'s own message', () => {
    const message = 'Daily limit of speech previews reached, resets at 00:00 UTC';
    expect(failureToast(new ApiError(message, 429, { message, quotaExceeded: true }))).toEqual({ title: 'Error', description: message });
  });

  it('titles other failures with their status', () => {
    expect(failureToast(new ApiError('Text is required', 400, null))).toEqual({ title: 'Request failed with status 400', description: 'Text is required' });
  });
});
