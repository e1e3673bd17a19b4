import type { TimedUnit } from './synthesizer';

/** A stretch of audio where someone speaks, in milliseconds. */
export interface VoicedSegment {
  startMs: number;
  endMs: number;
}

const FRAME_MS = 10;
/** Silences shorter than this are inside words (stops, plosives), not between them. */
const MIN_PAUSE_MS = 120;
/** Voiced bursts shorter than this are clicks or breath, not speech. */
const MIN_VOICE_MS = 40;

/**
 * Where the audio is voiced: RMS energy over 10 ms frames against a threshold between the noise
 * floor (the 10th percentile) and the loudness of speech (the 90th percentile), gaps shorter than
 * 120 ms closed, bursts shorter than 40 ms dropped.
 */
export function voicedSegments(samples: Int16Array, sampleRate: number): VoicedSegment[] {
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  const energies: number[] = [];
  for (let start = 0; start < samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
    energies.push(Math.sqrt(sum / (end - start)));
  }
  if (energies.length === 0) return [];
  const sorted = [...energies].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const loud = sorted[Math.floor(sorted.length * 0.9)]!;
  // Twice the noise floor, unless the audio has no silence at all (then half its loudness).
  const threshold = Math.max(Math.min(floor * 2, loud * 0.5), floor + (loud - floor) * 0.08, 60);
  const segments: VoicedSegment[] = [];
  energies.forEach((energy, index) => {
    if (energy < threshold) return;
    const startMs = index * FRAME_MS;
    const last = segments[segments.length - 1];
    if (last && startMs - last.endMs < MIN_PAUSE_MS) last.endMs = startMs + FRAME_MS;
    else segments.push({ startMs, endMs: startMs + FRAME_MS });
  });
  const durationMs = (samples.length / sampleRate) * 1000;
  return segments.filter((segment) => segment.endMs - segment.startMs >= MIN_VOICE_MS).map((segment) => ({ ...segment, endMs: Math.min(segment.endMs, durationMs) }));
}

/** How long a word takes to say, roughly: its vowel groups (syllables), at least one, plus a share per letter. */
export function wordWeight(word: string): number {
  const letters = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (!letters) return 0.5;
  if (/^\d+$/.test(letters)) return letters.length * 1.5; // digits are read out one word each, roughly
  const syllables = letters.match(/[aeiouyàâäéèêëîïôöùûü]+/g)?.length ?? 1;
  return Math.max(1, syllables) + letters.length * 0.3;
}

/**
 * Forced alignment of a known script to its audio, offline: the script's words are laid over the
 * voiced segments in order. Where the script pauses (after punctuation) the alignment snaps to the
 * nearest silence in the audio; between those anchors each word takes a share of the voiced time
 * proportional to its weight (syllables), a word's start that lands on a segment's end moving to the
 * next segment. Good to a syllable or so on clear speech; a provider with a phoneme aligner can
 * replace it (the WordAligner port).
 */
export function alignWords(samples: Int16Array, sampleRate: number, text: string): TimedUnit[] {
  const words = text.split(/\s+/).filter(Boolean);
  const segments = voicedSegments(samples, sampleRate);
  if (words.length === 0 || segments.length === 0) return [];
  // The voiced time line: segments end to end; gaps[i] is where segment i ends on it.
  const gaps: number[] = [];
  let voicedMs = 0;
  for (const segment of segments) {
    voicedMs += segment.endMs - segment.startMs;
    gaps.push(voicedMs);
  }
  gaps.pop();
  const weights = words.map(wordWeight);
  const totalWeight = weights.reduce((total, weight) => total + weight, 0);
  // Anchors: a voiced position for the end of every word followed by a pause in the script, at the silence nearest its expected place.
  const anchors = new Map<number, number>([[words.length - 1, voicedMs]]);
  let weightSoFar = 0;
  let lastGap = -1;
  words.forEach((word, index) => {
    weightSoFar += weights[index]!;
    if (index === words.length - 1 || !/[.,;:!?…]["')\]]*$/.test(word)) return;
    const expected = (weightSoFar / totalWeight) * voicedMs;
    let best = -1;
    for (let gap = lastGap + 1; gap < gaps.length; gap++) {
      if (best < 0 || Math.abs(gaps[gap]! - expected) < Math.abs(gaps[best]! - expected)) best = gap;
    }
    if (best >= 0 && Math.abs(gaps[best]! - expected) <= voicedMs * 0.15) {
      anchors.set(index, gaps[best]!);
      lastGap = best;
    }
  });
  // A position on the voiced time line → a time in the audio.
  const toTime = (voiced: number, isStart: boolean): number => {
    let before = 0;
    for (const segment of segments) {
      const length = segment.endMs - segment.startMs;
      if (isStart ? voiced < before + length : voiced <= before + length) return segment.startMs + (voiced - before);
      before += length;
    }
    return segments[segments.length - 1]!.endMs;
  };
  const timed: TimedUnit[] = [];
  let from = 0;
  let position = 0;
  for (const [anchorIndex, anchorPosition] of [...anchors.entries()].sort((a, b) => a[0] - b[0])) {
    const pieceWeight = weights.slice(from, anchorIndex + 1).reduce((total, weight) => total + weight, 0);
    const span = anchorPosition - position;
    for (let index = from; index <= anchorIndex; index++) {
      const startMs = Math.round(toTime(position, true));
      position += (weights[index]! / pieceWeight) * span;
      const endMs = Math.round(toTime(position, false));
      timed.push({ text: words[index]!, startMs, endMs: Math.max(startMs, endMs) });
    }
    from = anchorIndex + 1;
    position = anchorPosition;
  }
  return timed;
}

/**
 * Word timings cut to the voice: a word that lasts into a silence (the engine's words end when the
 * next one starts, pauses included) ends where its voice does, so a caption leaves the screen when
 * the speaking stops.
 */
export function trimToVoice(words: readonly TimedUnit[], segments: readonly VoicedSegment[]): TimedUnit[] {
  return words.map((word) => {
    const last = [...segments].reverse().find((segment) => segment.startMs < word.endMs);
    if (!last || last.endMs >= word.endMs) return { ...word };
    return { ...word, endMs: Math.max(word.startMs, Math.min(word.endMs, last.endMs)) };
  });
}
