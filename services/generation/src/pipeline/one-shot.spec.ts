import { ONE_SHOT_CLIP_SECONDS, scriptProblem } from '@lipcast/contracts';
import { conversionRetryWaitMs, initialSteps, ONE_SHOT_VOICES, scriptFor, selfiePrompt, withRetries } from './one-shot';

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

describe("One Shot's script step", () => {
  const input = { description: 'A calm gardener', gender: 'female' as const, topic: 'Three herbs for a windowsill' };
  const signal = new AbortController().signal;

  it("uses the creator's edited script as it is, writing none", async () => {
    const writer = { write: jest.fn().mockResolvedValue('A written script.') };
    await expect(scriptFor({ ...input, script: 'Basil, mint and chives: that is all you need.' }, writer, signal)).resolves.toBe('Basil, mint and chives: that is all you need.');
    expect(writer.write).not.toHaveBeenCalled();
    expect(initialSteps('Basil, mint and chives.').script).toEqual({ status: 'done', script: 'Basil, mint and chives.' });
  });

  it('writes one from the topic to fit the clip when none was given (API clients)', async () => {
    const writer = { write: jest.fn().mockResolvedValue('A written script.') };
    await expect(scriptFor(input, writer, signal)).resolves.toBe('A written script.');
    expect(writer.write).toHaveBeenCalledWith({ topic: 'Three herbs for a windowsill', maxDurationSeconds: ONE_SHOT_CLIP_SECONDS }, signal);
    expect(initialSteps().script).toEqual({ status: 'waiting' });
  });

  it('takes a script within words / 2.2 + 1 <= 15 s (30 words), refusing an empty or longer one', () => {
    expect(scriptProblem(Array(30).fill('word').join(' '))).toBeNull();
    expect(scriptProblem(Array(31).fill('word').join(' '))).toBe('The script is too long: about 15.1 s of speech, and the video lasts 15 s. Shorten it to 30 words or fewer.');
    expect(scriptProblem('   ')).toBe('Please write a script or generate one.');
  });
});

describe('One Shot voices', () => {
  // The run's seed picks an index into its gender's list, so the lists keep their order (the catalog's).
  it("draws from the catalog's voices of the run's gender, never the neutral one", () => {
    expect(ONE_SHOT_VOICES.male).toEqual(['Deep_Voice_Man', 'Casual_Guy', 'Patient_Man', 'Young_Knight', 'Determined_Man', 'Decent_Boy', 'Imposing_Manner', 'Elegant_Man']);
    expect(ONE_SHOT_VOICES.female).toEqual(['Wise_Woman', 'Inspirational_girl', 'Calm_Woman', 'Lively_Girl', 'Lovely_Girl', 'Abbess', 'Sweet_Girl_2', 'Exuberant_Girl']);
  });
});
