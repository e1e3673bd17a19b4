import { createHash } from 'node:crypto';

export type Backdrop = 'studio' | 'stage' | 'neon' | 'outdoors' | 'office' | 'beach';
export type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'buzz' | 'bald';
export type Mood = 'happy' | 'neutral' | 'serious';

/** Everything that decides how a drawn character looks; the same look always draws the same picture. */
export interface CharacterLook {
  skin: string;
  hair: HairStyle;
  hairColor: string;
  eyeColor: string;
  shirt: string;
  lips: string;
  glasses: boolean;
  beard: boolean;
  feminine: boolean;
  mood: Mood;
  backdrop: Backdrop;
  /** Picks the backdrop's details (spots, stars, windows) so two characters on one backdrop differ. */
  seed: number;
}

export const SKIN_TONES = { light: '#f6d3b8', fair: '#eebc99', medium: '#d39b74', tan: '#b9784f', brown: '#8d5a3b', dark: '#5e3a25' } as const;
export const HAIR_COLORS = { black: '#1f1a17', brown: '#5a3825', blonde: '#d9b45f', red: '#a8442a', grey: '#9a9a9a', white: '#e8e6e1', pink: '#e07aa8', blue: '#3f6fd8' } as const;
const EYE_COLORS = ['#3b2a1e', '#2f5d8c', '#3f7a4a', '#6b4a2b', '#4a4a58'];
const SHIRTS = ['#2d6cdf', '#d9534f', '#2e9e6a', '#7b4fc9', '#f0a830', '#24323f', '#e36fa1', '#1d9bb2'];

/** A deterministic pseudo-random sequence from a text (the same text, the same sequence). */
export function seededRandom(text: string): () => number {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const GENDER_WORDS: Record<string, 'feminine' | 'masculine'> = {
  woman: 'feminine', women: 'feminine', female: 'feminine', girl: 'feminine', lady: 'feminine', she: 'feminine', her: 'feminine', mother: 'feminine',
  man: 'masculine', men: 'masculine', male: 'masculine', boy: 'masculine', guy: 'masculine', gentleman: 'masculine', he: 'masculine', his: 'masculine', father: 'masculine',
};
const HAIR_STYLE_WORDS: Record<string, HairStyle> = {
  bald: 'bald', shaved: 'buzz', buzz: 'buzz', buzzcut: 'buzz', long: 'long', ponytail: 'long', bun: 'bun', curly: 'curly', afro: 'curly', wavy: 'curly', short: 'short',
};
const SKIN_WORDS: Record<string, keyof typeof SKIN_TONES> = {
  pale: 'light', light: 'light', fair: 'fair', olive: 'medium', medium: 'medium', tan: 'tan', tanned: 'tan', brown: 'brown', dark: 'dark', black: 'dark',
};
const HAIR_COLOR_WORDS: Record<string, keyof typeof HAIR_COLORS> = {
  blonde: 'blonde', blond: 'blonde', brunette: 'brown', redhead: 'red', ginger: 'red', red: 'red', grey: 'grey', gray: 'grey', silver: 'grey',
  white: 'white', pink: 'pink', blue: 'blue',
};
/** Before "hair" (or as "x-haired"), these colours are the hair's, not the skin's. */
const HAIR_ONLY_COLOR_WORDS: Record<string, keyof typeof HAIR_COLORS> = { ...HAIR_COLOR_WORDS, black: 'black', brown: 'brown', dark: 'black', light: 'blonde' };
const MOOD_WORDS: Record<string, Mood> = {
  happy: 'happy', smiling: 'happy', cheerful: 'happy', friendly: 'happy', joyful: 'happy', energetic: 'happy',
  serious: 'serious', professional: 'serious', confident: 'serious', stern: 'serious', calm: 'neutral', neutral: 'neutral',
};
// A kitchen is not in this table: the engine has no kitchen to draw, and drawing an office instead would be a quiet substitute.
const BACKDROP_WORDS: Record<string, Backdrop> = {
  beach: 'beach', ocean: 'beach', sea: 'beach', summer: 'beach', office: 'office', business: 'office', corporate: 'office', work: 'office',
  park: 'outdoors', forest: 'outdoors', nature: 'outdoors', outdoors: 'outdoors', outside: 'outdoors', garden: 'outdoors', city: 'outdoors',
  stage: 'stage', theater: 'stage', theatre: 'stage', concert: 'stage', neon: 'neon', gaming: 'neon', tech: 'neon', futuristic: 'neon', cyberpunk: 'neon',
  studio: 'studio', podcast: 'studio', home: 'office',
};
const GLASSES_WORDS = new Set(['glasses', 'spectacles']);
const BEARD_WORDS = new Set(['beard', 'bearded']);

/** Words that say nothing to draw (articles, prepositions, pronouns, link verbs) or only that it is a person: neither drawn nor missed. */
const STOP_WORDS = new Set(
  (
    'a an the and or but with without in on at of for to from by as into onto over under near next behind inside who whom whose that this these those ' +
    'is are was were be being been has have having who which while very really quite some any its it their them they you your my our ' +
    'wearing wears wear holding holds looking looks look standing sitting person people someone somebody influencer character portrait picture photo image ' +
    // Alone, these nouns say nothing to draw; after a colour or style they are read with it ("red hair").
    'hair haired skin skinned eyes eyed'
  ).split(' '),
);
/** Pronouns decide the gender but are not worth listing as drawn. */
const PRONOUNS = new Set(['she', 'her', 'he', 'his']);

/**
 * The instruction the Creator page and One Shot wrap a description in (creator-api.ts, pipeline/one-shot.ts): it
 * asks a real model for a photo, and says nothing about the person, so the offline engine reads only the description
 * ("Natural light" must not give light skin).
 */
const SELFIE_WRAPPER = /^\s*a photo-realistic smartphone selfie of\s+([\s\S]*?)\.?\s*natural light, looking at the camera\.?\s*$/i;

/** What a description becomes: the look, the terms that decided it ("red hair", "glasses") and the meaningful words it could not draw. */
export interface DescriptionReading {
  look: CharacterLook;
  drawn: string[];
  notDrawn: string[];
}

type Trait = 'gender' | 'hair' | 'hairColor' | 'skin' | 'mood' | 'backdrop' | 'glasses' | 'beard';
interface Token {
  word: string;
  /** Starts a new phrase: punctuation came before it. */
  breaksBefore: boolean;
}

const tokensOf = (text: string): Token[] =>
  [...text.toLowerCase().matchAll(/([^a-z-]*)([a-z][a-z-]*)/g)].map((match) => ({ word: match[2].replace(/-+$/, ''), breaksBefore: /[,.;:!?()/]/.test(match[1]) }));

/**
 * Reads a description word by word: a word decides a trait when that trait is still open (the first one
 * wins), and a colour before "hair" (or "red-haired") is the hair's, before "skin" the skin's. What the
 * description leaves open is chosen from its hash, so the same description always gives the same portrait.
 */
export function readDescription(prompt: string, gender?: string): DescriptionReading {
  const described = SELFIE_WRAPPER.exec(prompt)?.[1] ?? prompt;
  const tokens = tokensOf(described);
  const random = seededRandom(`${gender ?? ''}|${prompt.trim().toLowerCase()}`);
  const traits: Partial<Record<Trait, string>> = {};
  const drawn: string[] = [];
  const notDrawn: string[] = [];
  let phrase: string[] = [];
  const endPhrase = () => {
    if (phrase.length > 0 && !notDrawn.includes(phrase.join(' '))) notDrawn.push(phrase.join(' '));
    phrase = [];
  };
  const decide = (trait: Trait, value: string) => {
    if (traits[trait] !== undefined) return false;
    traits[trait] = value;
    return true;
  };

  for (let index = 0; index < tokens.length; index++) {
    const { word, breaksBefore } = tokens[index];
    if (breaksBefore) endPhrase();
    const next = tokens[index + 1] && !tokens[index + 1].breaksBefore ? tokens[index + 1].word : '';
    const haired = /^([a-z]+)-haired$/.exec(word)?.[1];
    const isColour = word in HAIR_ONLY_COLOR_WORDS || word in SKIN_WORDS;
    let term: string | null = null;
    let consumesNext = false;
    if (STOP_WORDS.has(word) || word.length < 2) {
      endPhrase();
      continue;
    } else if (haired !== undefined || ((next === 'hair' || next === 'haired') && (word in HAIR_ONLY_COLOR_WORDS || word in HAIR_STYLE_WORDS))) {
      const colour = haired ?? word;
      const hairColor = HAIR_ONLY_COLOR_WORDS[colour];
      const style = HAIR_STYLE_WORDS[colour];
      if ((hairColor && decide('hairColor', hairColor)) || (style && decide('hair', style))) term = haired !== undefined ? word : `${word} ${next}`;
      consumesNext = haired === undefined;
    } else if ((next === 'skin' || next === 'skinned') && word in SKIN_WORDS) {
      if (decide('skin', SKIN_WORDS[word])) term = `${word} ${next}`;
      consumesNext = true;
    } else if ((next === 'eyes' || next === 'eyed') && isColour) {
      consumesNext = true; // the eyes' colour is not drawn from words ("brown eyes" must not give brown skin)
    } else if (word in GENDER_WORDS) {
      const stated = GENDER_WORDS[word];
      const matches = gender ? (/^f|^w/i.test(gender) ? 'feminine' : 'masculine') === stated : decide('gender', stated) || traits.gender === stated;
      if (PRONOUNS.has(word)) {
        endPhrase();
        continue;
      }
      if (matches) term = word;
    } else if (word in HAIR_STYLE_WORDS) {
      if (decide('hair', HAIR_STYLE_WORDS[word])) term = word;
    } else if (word in SKIN_WORDS) {
      if (decide('skin', SKIN_WORDS[word])) term = word;
    } else if (word in HAIR_COLOR_WORDS) {
      if (decide('hairColor', HAIR_COLOR_WORDS[word])) term = word;
    } else if (word in MOOD_WORDS) {
      if (decide('mood', MOOD_WORDS[word])) term = word;
    } else if (word in BACKDROP_WORDS) {
      if (decide('backdrop', BACKDROP_WORDS[word])) term = word;
    } else if (GLASSES_WORDS.has(word)) {
      if (decide('glasses', 'yes')) term = word;
    } else if (BEARD_WORDS.has(word) || word === 'clean-shaven') {
      // A beard is drawn on men only; a woman's beard is reported as not drawn once the gender is known.
      if (decide('beard', word === 'clean-shaven' ? 'no' : 'yes')) term = word;
    }

    const phraseWords = consumesNext ? [word, next] : [word];
    if (consumesNext) index++;
    if (term !== null) {
      endPhrase();
      if (!drawn.includes(term)) drawn.push(term);
    } else phrase.push(...phraseWords);
  }
  endPhrase();

  const feminine = gender ? /^f|^w/i.test(gender) : traits.gender ? traits.gender === 'feminine' : random() < 0.5;
  const hairColorName = (traits.hairColor as keyof typeof HAIR_COLORS | undefined) ?? pick(random, ['black', 'brown', 'brown', 'blonde', 'red', 'black'] as const);
  const bearded = !feminine && (traits.beard === 'yes' || (traits.beard !== 'no' && random() < 0.25));
  if (feminine && traits.beard === 'yes') {
    const word = drawn.find((term) => BEARD_WORDS.has(term))!;
    drawn.splice(drawn.indexOf(word), 1);
    notDrawn.push(word);
  }
  const look: CharacterLook = {
    skin: SKIN_TONES[(traits.skin as keyof typeof SKIN_TONES | undefined) ?? pick(random, Object.keys(SKIN_TONES) as (keyof typeof SKIN_TONES)[])],
    hair: (traits.hair as HairStyle | undefined) ?? pick(random, feminine ? (['long', 'long', 'bun', 'curly'] as const) : (['short', 'short', 'buzz', 'curly'] as const)),
    hairColor: HAIR_COLORS[hairColorName],
    eyeColor: pick(random, EYE_COLORS),
    shirt: pick(random, SHIRTS),
    lips: feminine ? pick(random, ['#c9566b', '#b8485a', '#d46a7a']) : '#a8574f',
    glasses: traits.glasses === 'yes' || random() < 0.15,
    beard: bearded,
    feminine,
    mood: (traits.mood as Mood | undefined) ?? 'happy',
    backdrop: (traits.backdrop as Backdrop | undefined) ?? pick(random, ['studio', 'office', 'outdoors'] as const),
    seed: Math.floor(random() * 1e9),
  };
  return { look, drawn, notDrawn };
}

/** A character drawn from a prompt's words (gender, hair, skin, glasses, beard, mood, setting); see `readDescription`. */
export function lookFromPrompt(prompt: string, gender?: string): CharacterLook {
  return readDescription(prompt, gender).look;
}
