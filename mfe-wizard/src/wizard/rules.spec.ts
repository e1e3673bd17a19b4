import {
  clockTime, dialogueProblem, downloadFileName, estimateSpeechSeconds, LIPSYNC, nextProgress, predictionIdOf, recordingProblem, retryingMessage, TOO_MANY_ATTEMPTS_MESSAGE,
} from './rules';

describe('wizard rules', () => {
  it('estimates speech at 2.5 words per second', () => {
    expect(estimateSpeechSeconds('one two three four five')).toBe(2);
    expect(estimateSpeechSeconds('   ')).toBe(0);
  });

  it('refuses empty and too-long dialogue with the spec texts', () => {
    expect(dialogueProblem('  \n', 10)).toEqual({ kind: 'empty', message: 'Please enter dialogue text' });
    expect(dialogueProblem(Array(25).fill('word').join(' '), 10)).toBeNull();
    expect(dialogueProblem(Array(26).fill('word').join(' '), 10)).toEqual({
      kind: 'too-long',
      title: 'Audio Too Long',
      message: 'Your audio (10.4s) is longer than the video (10s). Please reduce your text to match the video length.',
    });
  });

  it("holds the creator's own recording to the video's length with the same title as typed speech", () => {
    expect(recordingProblem(10, 10)).toBeNull();
    expect(recordingProblem(12.34, 10)).toEqual({
      kind: 'too-long',
      title: 'Audio Too Long',
      message: 'Your audio (12.3s) is longer than the video (10s). Please record a shorter message to match the video length.',
    });
    expect([clockTime(0), clockTime(7.9), clockTime(60)]).toEqual(['0:00', '0:07', '1:00']);
  });

  it('keeps the lip-sync retry protocol and its messages', () => {
    expect(LIPSYNC).toEqual({ maxAttempts: 5, retryWaitMs: 2000, requestTimeoutMs: 180_000 });
    expect(retryingMessage(2)).toBe('Video generation is taking longer than expected. Automatically retrying (attempt 2/5).');
    expect(TOO_MANY_ATTEMPTS_MESSAGE).toBe('Video generation is taking too long after 5 attempts. Please try again later.');
  });

  it('finds the prediction id in the body or the result URL', () => {
    expect(predictionIdOf({ predictionId: 'abc', url: '/x/predictions/zzz' })).toBe('abc');
    expect(predictionIdOf({ url: 'https://api.replicate.com/v1/predictions/q1w2e3r4t5/output.mp4' })).toBe('q1w2e3r4t5');
    expect(predictionIdOf({ url: 'https://cdn.example/files/AbCdEfGhIjKlMnOp/out.mp4' })).toBe('AbCdEfGhIjKlMnOp');
    expect(predictionIdOf({ url: '/api/media/users/u/videos/short.mp4' })).toBeNull();
    expect(predictionIdOf({})).toBeNull();
  });

  it('never moves progress backwards and reaches 100 only with the video', () => {
    expect(nextProgress(40, 30, false)).toBe(40);
    expect(nextProgress(40, 99, false)).toBe(95);
    expect(nextProgress(95, 95, true)).toBe(100);
  });

  it('names downloads lipsync-video-<timestamp>.mp4', () => {
    expect(downloadFileName(new Date(1_790_000_000_000))).toBe('lipsync-video-1790000000000.mp4');
  });
});
