import { fallbackVoiceName, VOICE_CATALOG, VOICE_GENDERS, VOICE_IDS, VOICE_TONES, voiceInfo, voiceSampleText } from '@lipcast/contracts';

/** "<Quality> <Person>" in Title Case: no underscores, digits or lower-case words. */
const NAME_PATTERN = /^(?:[A-Z][a-z]+ )+(?:Woman|Man|Girl|Boy|Guy|Person|Knight)$/;

describe('the voice catalog (libs/contracts/src/voices.ts)', () => {
  it.each(VOICE_IDS)('has %s with a name in the pattern and both tags', (id) => {
    const voice = voiceInfo(id);
    expect(Object.hasOwn(VOICE_CATALOG, id)).toBe(true);
    expect(voice.name).toMatch(NAME_PATTERN);
    expect(VOICE_GENDERS).toContain(voice.gender);
    expect(VOICE_TONES).toContain(voice.tone);
  });

  it('gives every voice its own name, and renames the inconsistent ones', () => {
    const names = Object.values(VOICE_CATALOG).map((voice) => voice.name);
    expect(new Set(names).size).toBe(names.length);
    expect(voiceInfo('Inspirational_girl').name).toBe('Inspirational Girl');
    expect(voiceInfo('Abbess')).toEqual({ id: 'Abbess', name: 'Serene Woman', gender: 'female', tone: 'calm' });
    expect(voiceInfo('Sweet_Girl_2').name).toBe('Sweet Girl');
  });

  it("names a provider's unknown voice from its id, without tags", () => {
    expect(voiceInfo('new_studio_voice_2')).toEqual({ id: 'new_studio_voice_2', name: 'New Studio Voice 2', gender: null, tone: null });
    expect(fallbackVoiceName('Radio_host')).toBe('Radio Host');
    expect(voiceInfo('toString').name).toBe('ToString'); // an inherited property is not a catalog entry
  });

  it("says the voice's name in its sample", () => {
    expect(voiceSampleText('Abbess')).toBe("Hi, I'm Serene Woman. This is how I sound.");
  });
});
