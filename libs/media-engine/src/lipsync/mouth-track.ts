import type { SpeechResult, TimedUnit } from '../speech/synthesizer';

/** The mouth in one video frame: how far the jaw is open, and how wide (0.5 neutral) the lips are. */
export interface MouthFrame {
  open: number;
  width: number;
}

type Viseme = 'closed' | 'open' | 'mid' | 'wide' | 'round' | 'teeth' | 'rest';

const SHAPES: Record<Viseme, MouthFrame> = {
  closed: { open: 0.02, width: 0.45 },
  open: { open: 0.9, width: 0.55 },
  mid: { open: 0.6, width: 0.55 },
  wide: { open: 0.35, width: 0.8 },
  round: { open: 0.5, width: 0.2 },
  teeth: { open: 0.15, width: 0.6 },
  rest: { open: 0, width: 0.5 },
};

/** espeak's IPA phonemes grouped by the mouth shape they need (stress and length marks removed first). */
function visemeOf(phoneme: string): Viseme {
  const sound = phoneme.replace(/[ˈˌːˑ_|]/g, '');
  if (!sound) return 'rest';
  if (/^[pbm]/.test(sound)) return 'closed';
  if (/^[fv]/.test(sound)) return 'teeth';
  if (/^(o|ɔ|u|ʊ|w|ɹ|r|əʊ)/.test(sound)) return 'round';
  if (/^(a|ɑ|æ|ʌ|ɒ)/.test(sound)) return 'open';
  if (/^(e|ɛ|ə|ɜ|ɚ|ɐ)/.test(sound)) return 'mid';
  return 'wide'; // i ɪ and the consonants made with the tongue (s t d n l k g j ʃ θ …)
}

/** Smoothing per frame: the mouth opens quickly and closes a little slower, so it never flickers. */
const ATTACK = 0.65;
const RELEASE = 0.4;
const SILENCE = 0.06;
/**
 * Each frame takes the shape of the sound this much later: the smoothing above makes the mouth follow
 * its targets about 40 ms late on average (a frame's step at the attack rate, more at the release),
 * and the lip-sync score (`sync-score.ts`) measured the sound 47 ms ahead of the mouth without it;
 * sound ahead of the picture is the direction viewers notice first (ITU-R BT.1359: from 45 ms).
 */
export const MOUTH_LEAD_MS = 40;

/**
 * One mouth shape per video frame: the phoneme spoken at that moment gives the shape (when timings
 * exist), the loudness of that frame's samples how far it opens; silence closes the mouth.
 */
export function mouthTrack(speech: Pick<SpeechResult, 'samples' | 'sampleRate' | 'durationMs' | 'phonemes'>, fps: number, durationMs = speech.durationMs): MouthFrame[] {
  const frameCount = Math.ceil((durationMs * fps) / 1000);
  const lead = Math.round((MOUTH_LEAD_MS * fps) / 1000);
  const loudness = frameLoudness(speech.samples, speech.sampleRate, fps, frameCount + lead);
  const frames: MouthFrame[] = [];
  let current: MouthFrame = SHAPES.rest;
  let phonemeIndex = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    const timeMs = ((frame + lead + 0.5) * 1000) / fps;
    phonemeIndex = advance(speech.phonemes, phonemeIndex, timeMs);
    const loud = loudness[frame + lead];
    const phoneme = speech.phonemes[phonemeIndex];
    const active = phoneme && phoneme.startMs <= timeMs && timeMs < phoneme.endMs;
    let target: MouthFrame;
    if (loud < SILENCE) target = SHAPES.rest;
    else if (speech.phonemes.length === 0) target = { open: Math.min(1, loud * 0.9), width: 0.5 };
    else {
      const shape = SHAPES[active ? visemeOf(phoneme.text) : 'rest'];
      target = { open: shape.open * (0.35 + 0.65 * loud), width: shape.width };
    }
    const rate = target.open > current.open ? ATTACK : RELEASE;
    current = { open: current.open + (target.open - current.open) * rate, width: current.width + (target.width - current.width) * ATTACK };
    frames.push(current);
  }
  return frames;
}

function advance(phonemes: readonly TimedUnit[], index: number, timeMs: number): number {
  while (index < phonemes.length - 1 && phonemes[index].endMs <= timeMs) index++;
  return index;
}

/** Loudness (RMS) of each frame's samples, scaled so that loud speech is about 1. */
function frameLoudness(samples: Int16Array, sampleRate: number, fps: number, frameCount: number): number[] {
  const perFrame = sampleRate / fps;
  const rms = Array.from({ length: frameCount }, (_, frame) => {
    const start = Math.floor(frame * perFrame);
    const end = Math.min(samples.length, Math.floor((frame + 1) * perFrame));
    let sum = 0;
    for (let i = start; i < end; i++) sum += samples[i] * samples[i];
    return end > start ? Math.sqrt(sum / (end - start)) : 0;
  });
  const reference = [...rms].sort((a, b) => a - b)[Math.floor(rms.length * 0.95)] || 1;
  return rms.map((value) => Math.min(1, value / reference));
}
