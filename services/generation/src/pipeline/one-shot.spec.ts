import { conversionRetryWaitMs, selfiePrompt, withRetries } from './one-shot';

describe('One Shot image-to-video retries', () => {
  const options = (onRetry = jest.fn()) => ({ attempts: 3, waitMs: () => 0, isRetryable: (error: unknown) => (error as Error).message === 'busy', onRetry });

  it('tries again after a retryable failure, telling which attempt comes next', async () => {
    const work = jest.fn().mockRejectedValueOnce(new Error('busy')).mockResolvedValueOnce('clip');
    const onRetry = jest.fn();
    await expect(withRetries(work, options(onRetry))).resolves.toBe('clip');
    expect(work).toHaveBeenCalledTimes(2);
    expect(onRetry).toHaveBeenCalledWith(2);
  });

  it('stops after 3 attempts, and at once for a failure that is not worth retrying', async () => {
    const always = jest.fn().mockRejectedValue(new Error('busy'));
    await expect(withRetries(always, options())).rejects.toThrow('busy');
    expect(always).toHaveBeenCalledTimes(3);
    const broken = jest.fn().mockRejectedValue(new Error('no face'));
    await expect(withRetries(broken, options())).rejects.toThrow('no face');
    expect(broken).toHaveBeenCalledTimes(1);
  });

  it('waits 2 s times the attempt number', () => {
    expect([1, 2].map(conversionRetryWaitMs)).toEqual([2000, 4000]);
  });

  it('asks for a photo-realistic smartphone selfie of the described person', () => {
    expect(selfiePrompt({ description: ' A calm gardener ', gender: 'female', topic: 'x' })).toBe(
      'A photo-realistic smartphone selfie of a woman: A calm gardener. Natural light, looking at the camera.',
    );
  });
});
