import { HAIR_COLORS, lookFromPrompt, readDescription, SKIN_TONES } from './look';
import { drawnMouthBox, idleMotion, idleStyle } from './animation';

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

describe('what the offline engine says it drew of a description (issue 16)', () => {
  it('lists the terms it drew and the meaningful words it could not, without stop words', () => {
    expect(readDescription('A young woman with red hair in a sunny kitchen, holding a coffee mug')).toMatchObject({
      drawn: ['woman', 'red hair'],
      notDrawn: ['young', 'sunny kitchen', 'coffee mug'],
    });
    expect(readDescription('a chef')).toMatchObject({ drawn: [], notDrawn: ['chef'] });
    expect(readDescription('A friendly fitness coach in her thirties, with a ponytail, in a bright gym, wearing a beanie')).toMatchObject({
      drawn: ['friendly', 'ponytail'],
      notDrawn: ['fitness coach', 'thirties', 'bright gym', 'beanie'],
    });
  });

  it('reads the description inside the selfie instruction, not the instruction ("Natural light" is no skin tone)', () => {
    const reading = readDescription('A photo-realistic smartphone selfie of a man: a chef with a beanie. Natural light, looking at the camera.');
    expect(reading).toMatchObject({ drawn: ['man'], notDrawn: ['chef', 'beanie'] });
    const pale = readDescription('A photo-realistic smartphone selfie of a pale man. Natural light, looking at the camera.');
    expect(pale.look.skin).toBe(SKIN_TONES.light);
    const looks = new Set(['a chef', 'a gamer', 'a coach', 'a teacher', 'a nurse', 'a pilot'].map((who) => readDescription(`A photo-realistic smartphone selfie of ${who}. Natural light, looking at the camera.`).look.skin));
    expect(looks.size).toBeGreaterThan(1);
  });

  it('reads a colour before "hair", "skin" or "eyes" as that part only', () => {
    const reading = readDescription('a man with brown hair, black skin and blue eyes');
    expect(reading.look).toMatchObject({ hairColor: HAIR_COLORS.brown, skin: SKIN_TONES.dark });
    expect(reading).toMatchObject({ drawn: ['man', 'brown hair', 'black skin'], notDrawn: ['blue eyes'] });
    expect(readDescription('a red-haired girl').look.hairColor).toBe(HAIR_COLORS.red);
  });

  it('reports a second word for a trait already decided, and a kitchen, as not drawn', () => {
    expect(readDescription('a blonde woman with black hair in a kitchen')).toMatchObject({ drawn: ['blonde', 'woman'], notDrawn: ['black hair', 'kitchen'] });
    expect(readDescription('a bearded woman')).toMatchObject({ drawn: ['woman'], notDrawn: ['bearded'] });
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

  it('is, for the first take (no seed, or 0), the motion every render had before takes existed', () => {
    // The formula before takes, kept here: the first take's videos (and the seeded actors' clips) stay byte for byte the same.
    const before = (t: number) => {
      const phase = (t % 4) / 4;
      const sinceBlink = (t % 4) - 1.6;
      return {
        dx: Math.round(4 * Math.sin(2 * Math.PI * phase)),
        dy: Math.round(2.5 * Math.sin(4 * Math.PI * phase + 0.6)),
        eyesClosed: sinceBlink >= 0 && sinceBlink < 0.2 ? (sinceBlink < 0.04 || sinceBlink >= 0.16 ? 0.5 : 1) : 0,
      };
    };
    for (let frame = 0; frame < 500; frame++) {
      expect(idleMotion(frame / 25)).toEqual(before(frame / 25));
      expect(idleMotion(frame / 25, idleStyle(0))).toEqual(before(frame / 25));
    }
  });

  it("varies with a take's seed: other blinks and head motion for another seed, the same for the same seed", () => {
    const framesOf = (seed: number) => Array.from({ length: 100 }, (_, frame) => idleMotion(frame / 25, idleStyle(seed)));
    const blinkFramesOf = (seed: number) => framesOf(seed).flatMap((motion, frame) => (motion.eyesClosed === 1 ? [frame] : []));
    const headOf = (seed: number) => framesOf(seed).map(({ dx, dy }) => `${dx},${dy}`);
    expect(framesOf(7)).toEqual(framesOf(7));
    expect(idleStyle(7)).toEqual(idleStyle(7));
    for (const seed of [7, 1234, 2_147_483_647]) {
      expect(blinkFramesOf(seed)).not.toEqual(blinkFramesOf(0));
      expect(headOf(seed)).not.toEqual(headOf(0));
    }
    expect(blinkFramesOf(7)).not.toEqual(blinkFramesOf(1234));
    expect(headOf(7)).not.toEqual(headOf(1234));
  });

  it("keeps every take's loop seamless and its blinks whole, and the drawn mouth's box moving with the take's head", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const style = idleStyle(seed);
      for (const t of [0, 0.4, 1.64, 1.7, 3.96]) expect(idleMotion(t + 4, style)).toEqual(idleMotion(t, style));
      for (const blink of style.blinks) expect(blink + 0.2).toBeLessThanOrEqual(4);
      const closed = Array.from({ length: 100 }, (_, frame) => idleMotion(frame / 25, style).eyesClosed).filter((value) => value > 0);
      expect(closed).toContain(1);
    }
    const boxes = (seed?: number) => Array.from({ length: 100 }, (_, frame) => drawnMouthBox(frame, undefined, seed).left);
    expect(boxes(0)).toEqual(boxes());
    expect(boxes(7)).not.toEqual(boxes());
  });
});
