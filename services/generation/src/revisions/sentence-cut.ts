import type { ScriptSentence } from '@lipcast/contracts';
import type { TimedUnit } from '../ports/speech.port';

/** A speech's timings, as stored beside it (`timingsKeyOf`): words always, phonemes from the embedded engine. */
export interface SpeechTimings {
  words: TimedUnit[];
  phonemes?: TimedUnit[];
}

/**
 * Where one sentence of a spoken video is cut out and what goes in (seconds, on whole frames so the
 * frames after the cut are the old ones shifted by whole frames):
 * - the old speech is cut halfway through the silences before and after the sentence (at 0 for the
 *   first, nowhere after the last: `cutEnd` null);
 * - the new sentence, spoken alone, goes in with the same silence around its words as the old one
 *   had (`from`..`to` of its own speech, before 0 or past its end meaning silence);
 * - the new video's sound is the old up to `cutStart`, that part, and the old from `cutEnd`.
 */
export interface SentenceCut {
  cutStart: number;
  cutEnd: number | null;
  from: number;
  to: number;
  /** The new speech's length. */
  durationSeconds: number;
  /** Its timings: the old ones outside the sentence (those after it shifted), the new sentence's in between. */
  timings: SpeechTimings;
}

export interface SentenceCutInput {
  /** The old speech's timings and length. */
  old: SpeechTimings;
  oldSeconds: number;
  /** The sentence replaced: where its words are among the old words. */
  sentence: Pick<ScriptSentence, 'firstWord' | 'wordCount'>;
  /** The new sentence spoken alone: its timings and length. */
  replacement: SpeechTimings;
  replacementSeconds: number;
  /** The video's frame rate: the cuts and the new part's length fall on whole frames. */
  fps: number;
}

export function cutSentence({ old, oldSeconds, sentence, replacement, replacementSeconds, fps }: SentenceCutInput): SentenceCut {
  const onFrame = (seconds: number) => Math.round(seconds * fps) / fps;
  const words = old.words;
  const [first, last] = [sentence.firstWord, sentence.firstWord + sentence.wordCount - 1];
  const before = words[first - 1];
  const after = words[last + 1];
  const cutStart = before ? onFrame((before.endMs + words[first].startMs) / 2000) : 0;
  const cutEnd = after ? onFrame((words[last].endMs + after.startMs) / 2000) : null;
  // The same silence around the new words as around the old (none kept before a first sentence's words but what the speech had).
  const leadSeconds = before ? words[first].startMs / 1000 - cutStart : replacement.words[0].startMs / 1000;
  const tailSeconds = after ? cutEnd! - words[last].endMs / 1000 : replacementSeconds - replacement.words.at(-1)!.endMs / 1000;
  const from = replacement.words[0].startMs / 1000 - leadSeconds;
  const spoken = replacement.words.at(-1)!.endMs / 1000 + tailSeconds - from;
  const to = from + Math.max(1, Math.round(spoken * fps)) / fps;
  const newEnd = cutStart + (to - from);
  const durationSeconds = cutEnd === null ? newEnd : newEnd + oldSeconds - cutEnd;

  const shift = (units: readonly TimedUnit[], bySeconds: number) => units.map((unit) => ({ ...unit, startMs: round(unit.startMs + bySeconds * 1000), endMs: round(unit.endMs + bySeconds * 1000) }));
  const intoPlace = cutStart - from;
  const afterShift = cutEnd === null ? 0 : newEnd - cutEnd;
  const within = (units: readonly TimedUnit[], fromMs: number, toMs: number) => units.filter((unit) => unit.startMs >= fromMs && unit.startMs < toMs);
  const timings: SpeechTimings = {
    words: [...words.slice(0, first), ...shift(replacement.words, intoPlace), ...(cutEnd === null ? [] : shift(words.slice(last + 1), afterShift))],
  };
  if (old.phonemes && replacement.phonemes) {
    timings.phonemes = [
      ...within(old.phonemes, 0, cutStart * 1000),
      ...shift(within(replacement.phonemes, from * 1000, to * 1000), intoPlace),
      ...(cutEnd === null ? [] : shift(within(old.phonemes, cutEnd * 1000, Infinity), afterShift)),
    ];
  }
  return { cutStart, cutEnd, from, to, durationSeconds, timings };
}

/** The units that start within `startSeconds`..`endSeconds`, in that window's own time (a render of part of a speech). */
export function unitsWithin(units: readonly TimedUnit[], startSeconds: number, endSeconds: number): TimedUnit[] {
  const [fromMs, toMs] = [startSeconds * 1000, endSeconds * 1000];
  return units.filter((unit) => unit.endMs > fromMs && unit.startMs < toMs).map((unit) => ({ ...unit, startMs: round(Math.max(0, unit.startMs - fromMs)), endMs: round(Math.min(toMs, unit.endMs) - fromMs) }));
}

const round = (ms: number) => Math.round(ms * 10) / 10;
