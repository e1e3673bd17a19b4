import { ACCEPTED_EMOTIONS, VOICE_EMOTIONS, voiceEmotionOf } from './voices';

describe('emotion aliases', () => {
  it("reads `surprise` as the voices' `surprised`, in any case", () => {
    expect(voiceEmotionOf('surprise')).toBe('surprised');
    expect(voiceEmotionOf('Surprise')).toBe('surprised');
    expect(voiceEmotionOf('SURPRISED')).toBe('surprised');
  });

  it("names each of the voices' own emotions as itself, and nothing else", () => {
    for (const emotion of VOICE_EMOTIONS) expect(voiceEmotionOf(emotion)).toBe(emotion);
    expect(voiceEmotionOf('bored')).toBeNull();
    expect(voiceEmotionOf('')).toBeNull();
    expect(voiceEmotionOf(' happy')).toBeNull(); // the caller trims, or not
    expect(voiceEmotionOf('constructor')).toBeNull(); // an inherited property is not an alias
  });

  it("lets a request name the voices' emotions and the alias", () => {
    expect(ACCEPTED_EMOTIONS).toEqual(['neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'surprise']);
  });
});
