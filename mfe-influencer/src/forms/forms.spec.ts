import { z } from 'zod';
import { creatorPromptSchema, oneShotSchema } from './schemas';
import { shownProgress, simulatedProgress } from './progress';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('influencer form schemas', () => {
  it('never probe for eval, which the Content-Security-Policy forbids', () => {
    const probe = jest.spyOn(globalThis, 'Function');
    expect(z.config().jitless).toBe(true);
    oneShotSchema.safeParse({ influencerDescription: 'A cheerful baker in her thirties', scriptTopic: 'Why sourdough takes two days' });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });

  it('wants a Creator prompt of at least 5 characters', () => {
    expect(creatorPromptSchema.safeParse('a cat').success).toBe(true);
    expect(creatorPromptSchema.safeParse('  cat  ').error?.issues[0].message).toBe('Prompt must be at least 5 characters.');
  });

  it('checks the One Shot fields with the spec messages and defaults the gender to male', () => {
    const valid = oneShotSchema.safeParse({ influencerDescription: 'A cheerful baker in her thirties', scriptTopic: 'Why sourdough takes two days' });
    expect(valid.success && valid.data.gender).toBe('male');

    expect(messages(oneShotSchema.safeParse({ influencerDescription: 'short', gender: 'female', scriptTopic: 'tiny' }))).toEqual({
      influencerDescription: 'Description must be at least 10 characters',
      scriptTopic: 'Topic must be at least 10 characters',
    });
    expect(messages(oneShotSchema.safeParse({ influencerDescription: 'x'.repeat(1001), scriptTopic: 'y'.repeat(1001) }))).toEqual({
      influencerDescription: 'Description cannot exceed 1000 characters',
      scriptTopic: 'Topic cannot exceed 1000 characters',
    });
    expect(messages(oneShotSchema.safeParse({ gender: 'other' }))).toEqual({ influencerDescription: 'Required', scriptTopic: 'Required', gender: 'Required' });
  });
});

describe('progress helpers', () => {
  it('simulates the spec rises, capped at 95', () => {
    expect(simulatedProgress('image', 1000)).toBe(5);
    expect(simulatedProgress('video', 6000)).toBe(5);
    expect(simulatedProgress('image', 60_000)).toBe(95);
  });

  it('prefers real progress, never goes back, and is 100 only when done', () => {
    expect(shownProgress(30, { reported: 50, simulated: 10, done: false })).toBe(50);
    expect(shownProgress(50, { reported: 20, simulated: 10, done: false })).toBe(50);
    expect(shownProgress(50, { reported: 99, simulated: 10, done: false })).toBe(95);
    expect(shownProgress(60, { simulated: 70, done: false })).toBe(70);
    expect(shownProgress(95, { reported: 95, simulated: 95, done: true })).toBe(100);
  });
});
