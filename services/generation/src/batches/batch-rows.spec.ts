import { UNKNOWN_ACTOR_MESSAGE } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { checkBatchRow, type RowSpeechCheck } from './batch-rows';

/** The audio service's speech check with a provider of two voices. */
const VOICES = ['Wise_Woman', 'Friendly_Person'];
const speech: RowSpeechCheck = {
  paramsOf: (request) => {
    if (!VOICES.includes(request.voice_id)) throw ServiceError.validation(`voice_id must be one of: ${VOICES.join(', ')}`);
    return { text: request.text, voice_id: request.voice_id };
  },
};

describe('checkBatchRow', () => {
  const userId = '3f2b8f4e-9c1d-4a57-8e0a-5b6c7d8e9f01';
  const ACTOR = 'ipfs-puppet-video-2';

  it("keeps a valid row's spec, a CSV row's text numbers read as a video create's numbers", async () => {
    const checked = await checkBatchRow(userId, { actor: ACTOR, script: 'Hi there', voice: 'Wise_Woman', speed: '1.5', pitch: '-2', influencer: undefined }, speech);
    expect(checked).toEqual({ spec: { actor: ACTOR, influencer: undefined, script: 'Hi there', voice: 'Wise_Woman', emotion: undefined, speed: 1.5, pitch: -2 } });
  });

  it("reads a CSV row's influencer id from its text", async () => {
    const checked = await checkBatchRow(userId, { influencer: '12', script: 'Hi there', voice: 'Wise_Woman' }, speech);
    expect(checked).toEqual({ spec: expect.objectContaining({ actor: undefined, influencer: 12 }) });
  });

  it.each([
    ['a missing script', { actor: ACTOR, voice: 'Wise_Woman' }, 'script is required', 'script'],
    ['a blank script', { actor: ACTOR, script: '   ', voice: 'Wise_Woman' }, 'script is required', 'script'],
    ['a missing voice', { actor: ACTOR, script: 'Hi' }, 'voice is required', 'voice'],
    ['an unknown emotion', { actor: ACTOR, script: 'Hi', voice: 'Wise_Woman', emotion: 'furious' }, /^emotion must be one of: /, 'emotion'],
    ['a speed out of range', { actor: ACTOR, script: 'Hi', voice: 'Wise_Woman', speed: '3' }, 'speed must be a number from 0.5 to 2', 'speed'],
    ['a pitch that is not whole', { actor: ACTOR, script: 'Hi', voice: 'Wise_Woman', pitch: '1.5' }, 'pitch must be a whole number from -10 to 10', 'pitch'],
    ['an influencer that is not an id', { script: 'Hi', voice: 'Wise_Woman', influencer: 'abc' }, "influencer must be an influencer's id", 'influencer'],
    ['neither actor nor influencer', { script: 'Hi', voice: 'Wise_Woman' }, 'Give either actor or influencer', 'actor'],
    ['both actor and influencer', { actor: ACTOR, influencer: 7, script: 'Hi', voice: 'Wise_Woman' }, 'Give either actor or influencer', 'actor'],
    ['an actor that is not built in', { actor: 'nobody', script: 'Hi', voice: 'Wise_Woman' }, UNKNOWN_ACTOR_MESSAGE, 'actor'],
    ['a voice the provider does not speak', { actor: ACTOR, script: 'Hi', voice: 'Nobody' }, 'voice_id must be one of: Wise_Woman, Friendly_Person', 'voice'],
  ])("answers %s with the create's message and the field it is about", async (_case, input, message, field) => {
    const checked = await checkBatchRow(userId, input, speech);
    expect(checked).toEqual({ error: typeof message === 'string' ? message : expect.stringMatching(message), field });
  });

  it('answers a null field for a key a batch row does not have (a JSON row may send any)', async () => {
    expect(await checkBatchRow(userId, { actor: ACTOR, script: 'Hi', voice: 'Wise_Woman', format: 'cinema' }, speech)).toEqual({ error: expect.any(String), field: null });
  });
});
