import { videoCreateOfRow } from './batch-rows';

describe('videoCreateOfRow', () => {
  const userId = '3f2b8f4e-9c1d-4a57-8e0a-5b6c7d8e9f01';

  it('reads a CSV row\'s text numbers as a video create\'s numbers', async () => {
    const checked = await videoCreateOfRow(userId, { actor: 'ipfs-puppet-video', script: 'Hi there', voice: 'Wise_Woman', speed: '1.5', pitch: '-2', influencer: undefined });
    expect(checked).toEqual({ create: expect.objectContaining({ userId, actor: 'ipfs-puppet-video', script: 'Hi there', voice: 'Wise_Woman', speed: 1.5, pitch: -2 }) });
  });

  it.each([
    ['a missing script', { voice: 'Wise_Woman' }, 'script is required'],
    ['a blank script', { script: '   ', voice: 'Wise_Woman' }, 'script is required'],
    ['an unknown emotion', { script: 'Hi', voice: 'Wise_Woman', emotion: 'furious' }, /^emotion must be one of: /],
    ['a speed out of range', { script: 'Hi', voice: 'Wise_Woman', speed: '3' }, 'speed must be a number from 0.5 to 2'],
    ['a pitch that is not whole', { script: 'Hi', voice: 'Wise_Woman', pitch: '1.5' }, 'pitch must be a whole number from -10 to 10'],
    ['an influencer that is not an id', { script: 'Hi', voice: 'Wise_Woman', influencer: 'abc' }, "influencer must be an influencer's id"],
  ])('answers %s with the create\'s message', async (_case, input, message) => {
    const checked = await videoCreateOfRow(userId, { actor: 'ipfs-puppet-video', ...input });
    expect(checked).toEqual({ error: typeof message === 'string' ? message : expect.stringMatching(message) });
  });
});
