/** A spoken word and when it is heard, in milliseconds from the start of the audio. */
export interface CaptionWord {
  text: string;
  startMs: number;
  endMs: number;
}

/** One caption on screen: its lines (already wrapped) and the words it shows. */
export interface CaptionCue {
  startMs: number;
  endMs: number;
  lines: string[];
  words: CaptionWord[];
}

export interface CueOptions {
  /** The longest line, in characters (from the frame's safe width: `captionLayout`). */
  maxCharsPerLine: number;
  /** Lines per cue; 2 unless said. */
  maxLines?: number;
  /** A silence at least this long between two words ends a cue (once it has been shown `minDisplayMs`). */
  pauseMs?: number;
  /** The shortest time a cue should be on screen; a shorter one starts earlier, into the silence before it. */
  minDisplayMs?: number;
  /** The longest time one cue stays on screen. */
  maxDisplayMs?: number;
}

export const CUE_DEFAULTS = { maxLines: 2, pauseMs: 300, minDisplayMs: 800, maxDisplayMs: 6000 } as const;

const SENTENCE_END = /[.!?…]["')\]]*$/;
const CLAUSE_END = /[,;:–—]["')\]]*$/;

/**
 * Words wrapped into at most `maxLines` lines of at most `maxChars` characters, the lines as even as
 * possible (two lines of 14 and 12, not 24 and 2); null when they do not fit. A word longer than a
 * line stands alone on its line.
 */
export function wrapWords(words: readonly string[], maxChars: number, maxLines = 2): string[] | null {
  if (words.length === 0) return [];
  const width = (from: number, to: number) => words.slice(from, to).join(' ').length;
  const fits = (from: number, to: number) => to - from === 1 || width(from, to) <= maxChars;
  // Fewest lines first; among splits into that many lines, the one whose longest line is shortest.
  for (let lines = 1; lines <= maxLines; lines++) {
    const best = bestSplit(words.length, lines, fits, width);
    if (best) return best.map(([from, to]) => words.slice(from, to).join(' '));
  }
  return null;
}

function bestSplit(
  count: number,
  lines: number,
  fits: (from: number, to: number) => boolean,
  width: (from: number, to: number) => number,
): [number, number][] | null {
  if (lines === 1) return fits(0, count) ? [[0, count]] : null;
  let best: { split: [number, number][]; longest: number } | null = null;
  const search = (from: number, left: number, acc: [number, number][]) => {
    if (left === 1) {
      if (from >= count || !fits(from, count)) return;
      const split: [number, number][] = [...acc, [from, count]];
      const longest = Math.max(...split.map(([a, b]) => width(a, b)));
      if (!best || longest < best.longest) best = { split, longest };
      return;
    }
    for (let to = from + 1; to <= count - left + 1; to++) {
      if (!fits(from, to)) break;
      search(to, left - 1, [...acc, [from, to]]);
    }
  };
  search(0, lines, []);
  return (best as { split: [number, number][] } | null)?.split ?? null;
}

/**
 * Spoken words → captions: words in order, grouped into cues of at most `maxLines` wrapped lines,
 * a cue ending at a sentence's end, at a pause, at a clause's end once its first line is full, or
 * when it has been on screen `maxDisplayMs`. Each cue starts with its first word and ends with its
 * last word's end (no cue outlives its words); one shorter than `minDisplayMs` starts earlier, into
 * the silence before it, never over the cue before. Cues never overlap.
 */
export function buildCues(input: readonly CaptionWord[], options: CueOptions): CaptionCue[] {
  const { maxCharsPerLine } = options;
  const maxLines = options.maxLines ?? CUE_DEFAULTS.maxLines;
  const pauseMs = options.pauseMs ?? CUE_DEFAULTS.pauseMs;
  const minDisplayMs = options.minDisplayMs ?? CUE_DEFAULTS.minDisplayMs;
  const maxDisplayMs = options.maxDisplayMs ?? CUE_DEFAULTS.maxDisplayMs;
  const words = input
    .map((word) => ({ text: word.text.replace(/\s+/g, ' ').trim(), startMs: Math.max(0, word.startMs), endMs: Math.max(word.startMs, word.endMs) }))
    .filter((word) => word.text.length > 0)
    .sort((a, b) => a.startMs - b.startMs);

  const groups: CaptionWord[][] = [];
  let current: CaptionWord[] = [];
  const close = () => {
    if (current.length) groups.push(current);
    current = [];
  };
  for (const word of words) {
    if (current.length) {
      const last = current[current.length - 1]!;
      const shown = last.endMs - current[0]!.startMs;
      const overflows = !wrapWords([...current, word].map((w) => w.text), maxCharsPerLine, maxLines);
      const paused = word.startMs - last.endMs >= pauseMs && shown >= minDisplayMs;
      const tooLong = word.endMs - current[0]!.startMs > maxDisplayMs && shown >= minDisplayMs;
      if (overflows || paused || tooLong) close();
    }
    current.push(word);
    const shown = word.endMs - current[0]!.startMs;
    const firstLineFull = current.map((w) => w.text).join(' ').length >= maxCharsPerLine * 0.6;
    if (shown >= minDisplayMs && (SENTENCE_END.test(word.text) || (CLAUSE_END.test(word.text) && firstLineFull))) close();
  }
  close();

  const cues: CaptionCue[] = [];
  for (const group of groups) {
    const previousEnd = cues[cues.length - 1]?.endMs ?? 0;
    const endMs = Math.max(...group.map((word) => word.endMs));
    let startMs = Math.max(group[0]!.startMs, previousEnd);
    if (endMs - startMs < minDisplayMs) startMs = Math.max(previousEnd, Math.min(startMs, endMs - minDisplayMs));
    if (endMs <= startMs) continue; // words said in no time: nothing to show
    const lines = wrapWords(group.map((word) => word.text), maxCharsPerLine, maxLines) ?? [group.map((word) => word.text).join(' ')];
    cues.push({ startMs: Math.round(startMs), endMs: Math.round(endMs), lines, words: group });
  }
  return cues;
}

/** Where captions go on a frame of `width` x `height`: the font size, the side and bottom margins, and the line length that fits between the side margins. */
export interface CaptionLayout {
  width: number;
  height: number;
  fontSize: number;
  marginLeft: number;
  marginRight: number;
  marginBottom: number;
  maxCharsPerLine: number;
}

/** DejaVu Sans Bold's average advance per character, as a share of the font size (measured on English text). */
const AVERAGE_CHAR_WIDTH = 0.64;

/**
 * On a vertical frame, where TikTok, Reels and Shorts lay their controls over the video (issue 37,
 * item 12): the captions' bottom edge stays above this share of the height (the caption, account
 * name and music line take the quarter below it), and clear of the column of buttons on the right.
 */
export const VERTICAL_SAFE_AREA = { bottom: 0.74, right: 0.82 } as const;

/**
 * The caption layout for any frame size: the title-safe area leaves 7.5 % of the width at each side
 * and sets the text 8 % of the height above the bottom (lower third); on a vertical frame, inside the
 * platforms' safe area instead (`VERTICAL_SAFE_AREA`). The font is 5.5 % of the shorter side (at
 * least 16 px), so a vertical, square or wide frame all get readable lines that never run past it.
 */
export function captionLayout(width: number, height: number): CaptionLayout {
  if (!(width > 0 && height > 0)) throw new Error(`A frame of ${width}x${height} cannot show captions`);
  const vertical = height > width;
  const fontSize = Math.max(16, Math.round(Math.min(width, height) * 0.055));
  const marginLeft = Math.round(width * 0.075);
  const marginRight = vertical ? Math.round(width * (1 - VERTICAL_SAFE_AREA.right)) : marginLeft;
  const marginBottom = Math.round(height * (vertical ? 1 - VERTICAL_SAFE_AREA.bottom : 0.08));
  const maxCharsPerLine = Math.max(8, Math.min(42, Math.floor((width - marginLeft - marginRight) / (fontSize * AVERAGE_CHAR_WIDTH))));
  return { width, height, fontSize, marginLeft, marginRight, marginBottom, maxCharsPerLine };
}
