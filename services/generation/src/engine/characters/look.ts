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

/** Words of a prompt that decide one trait; the first word found wins, else a seeded choice. */
function findWord<T extends string>(words: string[], table: Record<string, T>): T | undefined {
  for (const word of words) if (word in table) return table[word];
  return undefined;
}

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
  white: 'white', pink: 'pink', blue: 'blue', 'black-haired': 'black',
};
const MOOD_WORDS: Record<string, Mood> = {
  happy: 'happy', smiling: 'happy', cheerful: 'happy', friendly: 'happy', joyful: 'happy', energetic: 'happy',
  serious: 'serious', professional: 'serious', confident: 'serious', stern: 'serious', calm: 'neutral', neutral: 'neutral',
};
const BACKDROP_WORDS: Record<string, Backdrop> = {
  beach: 'beach', ocean: 'beach', sea: 'beach', summer: 'beach', office: 'office', business: 'office', corporate: 'office', work: 'office',
  park: 'outdoors', forest: 'outdoors', nature: 'outdoors', outdoors: 'outdoors', outside: 'outdoors', garden: 'outdoors', city: 'outdoors',
  stage: 'stage', theater: 'stage', theatre: 'stage', concert: 'stage', neon: 'neon', gaming: 'neon', tech: 'neon', futuristic: 'neon', cyberpunk: 'neon',
  studio: 'studio', podcast: 'studio', kitchen: 'office', home: 'office',
};

/**
 * A character drawn from a prompt's words (gender, hair, skin, glasses, beard, mood, setting); what
 * the prompt leaves open is chosen from its hash, so the same prompt always gives the same portrait.
 */
export function lookFromPrompt(prompt: string, gender?: string): CharacterLook {
  const words: string[] = prompt.toLowerCase().match(/[a-z-]+/g) ?? [];
  const random = seededRandom(`${gender ?? ''}|${prompt.trim().toLowerCase()}`);
  const stated = findWord(words, GENDER_WORDS);
  const feminine = gender ? /^f|^w/i.test(gender) : stated ? stated === 'feminine' : random() < 0.5;
  const hairColorName = findWord(words, HAIR_COLOR_WORDS) ?? pick(random, ['black', 'brown', 'brown', 'blonde', 'red', 'black'] as const);
  const bearded = !feminine && (words.includes('beard') || words.includes('bearded') || (!words.includes('clean-shaven') && random() < 0.25));
  return {
    skin: SKIN_TONES[findWord(words, SKIN_WORDS) ?? pick(random, Object.keys(SKIN_TONES) as (keyof typeof SKIN_TONES)[])],
    hair: findWord(words, HAIR_STYLE_WORDS) ?? pick(random, feminine ? (['long', 'long', 'bun', 'curly'] as const) : (['short', 'short', 'buzz', 'curly'] as const)),
    hairColor: HAIR_COLORS[hairColorName],
    eyeColor: pick(random, EYE_COLORS),
    shirt: pick(random, SHIRTS),
    lips: feminine ? pick(random, ['#c9566b', '#b8485a', '#d46a7a']) : '#a8574f',
    glasses: words.includes('glasses') || words.includes('spectacles') || (!words.includes('no-glasses') && random() < 0.15),
    beard: bearded,
    feminine,
    mood: findWord(words, MOOD_WORDS) ?? 'happy',
    backdrop: findWord(words, BACKDROP_WORDS) ?? pick(random, ['studio', 'office', 'outdoors'] as const),
    seed: Math.floor(random() * 1e9),
  };
}
