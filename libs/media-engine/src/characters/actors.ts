import type { Actor } from '@lipcast/contracts';
import { HAIR_COLORS as HAIR, SKIN_TONES as SKIN, type CharacterLook } from './look';

export interface BuiltInActor {
  id: string;
  title: string;
  setting: Actor['setting'];
  durationSeconds: 8 | 10 | 15 | 20;
  look: CharacterLook;
}

type LookParts = Omit<CharacterLook, 'eyeColor' | 'lips' | 'seed'> & Partial<Pick<CharacterLook, 'eyeColor' | 'lips'>>;

function actor(index: number, title: string, setting: Actor['setting'], durationSeconds: BuiltInActor['durationSeconds'], parts: LookParts): BuiltInActor {
  const look: CharacterLook = { eyeColor: '#3b2a1e', lips: parts.feminine ? '#c9566b' : '#a8574f', seed: 1000 + index, ...parts };
  return { id: index === 0 ? 'ipfs-puppet-video' : `ipfs-puppet-video-${index}`, title, setting, durationSeconds, look };
}

/**
 * The 14 built-in actors (spec section 3): drawn by the embedded engine at seed time as idle,
 * looping clips. Their ids are the spec's; their looks are fixed so a re-seed draws the same actor.
 */
export const BUILT_IN_ACTORS: readonly BuiltInActor[] = [
  actor(0, 'Studio Host Maya', 'Digital Performance', 15, { skin: SKIN.fair, hair: 'long', hairColor: HAIR.brown, shirt: '#2d6cdf', glasses: false, beard: false, feminine: true, mood: 'happy', backdrop: 'studio' }),
  actor(1, 'Podcast Pro Leo', 'Digital Performance', 20, { skin: SKIN.tan, hair: 'short', hairColor: HAIR.black, shirt: '#24323f', glasses: true, beard: false, feminine: false, mood: 'neutral', backdrop: 'studio' }),
  actor(2, 'Puppet Pip', 'Puppet Performance', 8, { skin: SKIN.light, hair: 'curly', hairColor: HAIR.red, shirt: '#f0a830', glasses: false, beard: false, feminine: false, mood: 'happy', backdrop: 'stage', eyeColor: '#2f5d8c' }),
  actor(3, 'Puppet Rosa', 'Puppet Performance', 10, { skin: SKIN.medium, hair: 'bun', hairColor: HAIR.pink, shirt: '#e36fa1', glasses: false, beard: false, feminine: true, mood: 'happy', backdrop: 'stage' }),
  actor(4, 'Pixel Nova', 'Digital Character', 15, { skin: SKIN.brown, hair: 'long', hairColor: HAIR.blue, shirt: '#7b4fc9', glasses: false, beard: false, feminine: true, mood: 'happy', backdrop: 'neon' }),
  actor(5, 'Coach Marcus', 'Digital Performance', 10, { skin: SKIN.dark, hair: 'buzz', hairColor: HAIR.black, shirt: '#d9534f', glasses: false, beard: true, feminine: false, mood: 'serious', backdrop: 'office' }),
  actor(6, 'Puppet Professor', 'Puppet Performance', 20, { skin: SKIN.fair, hair: 'bald', hairColor: HAIR.grey, shirt: '#2e9e6a', glasses: true, beard: true, feminine: false, mood: 'neutral', backdrop: 'stage', eyeColor: '#4a4a58' }),
  actor(7, 'Chef Aiko', 'Digital Performance', 8, { skin: SKIN.light, hair: 'bun', hairColor: HAIR.black, shirt: '#f7f7f2', glasses: false, beard: false, feminine: true, mood: 'happy', backdrop: 'office' }),
  actor(8, 'Cyber Kai', 'Digital Character', 10, { skin: SKIN.medium, hair: 'short', hairColor: HAIR.white, shirt: '#1d9bb2', glasses: true, beard: false, feminine: false, mood: 'neutral', backdrop: 'neon', eyeColor: '#3f7a4a' }),
  actor(9, 'Puppet Sunny', 'Puppet Performance', 15, { skin: SKIN.tan, hair: 'curly', hairColor: HAIR.blonde, shirt: '#f0a830', glasses: false, beard: false, feminine: true, mood: 'happy', backdrop: 'stage' }),
  actor(10, 'Traveler Zoe', 'Digital Character', 20, { skin: SKIN.fair, hair: 'long', hairColor: HAIR.red, shirt: '#2e9e6a', glasses: false, beard: false, feminine: true, mood: 'happy', backdrop: 'beach', eyeColor: '#3f7a4a' }),
  actor(11, 'Ranger Sam', 'Digital Character', 8, { skin: SKIN.brown, hair: 'short', hairColor: HAIR.brown, shirt: '#5a7d2e', glasses: false, beard: true, feminine: false, mood: 'happy', backdrop: 'outdoors' }),
  actor(12, 'Analyst Priya', 'Digital Performance', 15, { skin: SKIN.tan, hair: 'long', hairColor: HAIR.black, shirt: '#24323f', glasses: true, beard: false, feminine: true, mood: 'serious', backdrop: 'office' }),
  actor(13, 'Puppet Max', 'Puppet Performance', 10, { skin: SKIN.dark, hair: 'curly', hairColor: HAIR.black, shirt: '#2d6cdf', glasses: false, beard: false, feminine: false, mood: 'happy', backdrop: 'stage' }),
];

export function builtInActor(id: string): BuiltInActor | undefined {
  return BUILT_IN_ACTORS.find((candidate) => candidate.id === id);
}
