import { HAIR_COLORS, lookFromPrompt, SKIN_TONES } from './look';
import { idleMotion } from './animation';

describe('a character drawn from a prompt', () => {
  it('follows the words it knows', () => {
    const look = lookFromPrompt('A serious bearded man with glasses and curly grey hair, dark skin, in an office');
    expect(look).toMatchObject({ feminine: false, beard: true, glasses: true, hair: 'curly', hairColor: HAIR_COLORS.grey, skin: SKIN_TONES.dark, mood: 'serious', backdrop: 'office' });
    expect(lookFromPrompt('smiling woman with a blonde ponytail at the beach')).toMatchObject({ feminine: true, beard: false, hair: 'long', hairColor: HAIR_COLORS.blonde, mood: 'happy', backdrop: 'beach' });
  });

  it('lets the gender field decide over the words', () => {
    expect(lookFromPrompt('a person who loves coffee', 'female').feminine).toBe(true);
    expect(lookFromPrompt('a person who loves coffee', 'male').feminine).toBe(false);
  });

  it('draws the same prompt the same way, and different prompts differently', () => {
    expect(lookFromPrompt('a travel vlogger')).toEqual(lookFromPrompt('  A travel vlogger '));
    const looks = new Set(['a chef', 'a gamer', 'a coach', 'a teacher', 'a nurse'].map((prompt) => JSON.stringify(lookFromPrompt(prompt))));
    expect(looks.size).toBe(5);
  });
});

describe('idle motion', () => {
  it('repeats every 4 seconds, so a looped period is seamless', () => {
    for (const t of [0, 0.4, 1.64, 1.7, 3.96]) expect(idleMotion(t + 4)).toEqual(idleMotion(t));
  });

  it('blinks once a period and otherwise keeps the eyes open', () => {
    const closed = Array.from({ length: 100 }, (_, frame) => idleMotion(frame / 25).eyesClosed).filter((value) => value > 0);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    expect(closed.length).toBeLessThanOrEqual(6);
    expect(closed).toContain(1);
  });
});
