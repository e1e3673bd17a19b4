import { captionLayout, type CaptionCue } from './cues';

/** How burned-in captions look: a clean lower third, a bold word-by-word highlight, or text on an opaque box. */
export const CAPTION_STYLES = ['clean', 'bold', 'boxed'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
function clock(ms: number, separator: '.' | ','): string {
  const total = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}${separator}${pad(total % 1000, 3)}`;
}

/** WebVTT for a `<track kind="captions">` (text escaped: `&`, `<`, `>`). */
export function toWebVtt(cues: readonly CaptionCue[]): string {
  const escape = (line: string) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const blocks = cues.map((cue, index) => `${index + 1}\n${clock(cue.startMs, '.')} --> ${clock(cue.endMs, '.')}\n${cue.lines.map(escape).join('\n')}`);
  return `WEBVTT\n\n${blocks.map((block) => `${block}\n\n`).join('')}`;
}

/** SubRip (.srt), the format most editors import. */
export function toSrt(cues: readonly CaptionCue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${clock(cue.startMs, ',')} --> ${clock(cue.endMs, ',')}\n${cue.lines.join('\n')}\n\n`).join('');
}

/** ASS time: h:mm:ss.cc (centiseconds). */
function assClock(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** Text as libass shows it literally: braces start override tags and a backslash escapes, so they become look-alikes. */
const assText = (text: string) => text.replaceAll('\\', '\u2216').replaceAll('{', '(').replaceAll('}', ')');

/** ASS colours are &HAABBGGRR (alpha 00 = opaque). */
const WHITE = '&H00FFFFFF';
const BLACK = '&H00000000';
/** Colours in a `\c` override tag (&HBBGGRR&): the word being said is amber (#FFD700). */
const HIGHLIGHT_TAG = '&H00D7FF&';
const WHITE_TAG = '&HFFFFFF&';
const SHADOW = '&H80000000';
const BOX = '&H26000000'; // black at 85 % opacity

/**
 * Captions as an ASS script for libass (ffmpeg's `ass` filter), laid out for a `width` x `height`
 * frame: the script's resolution is the frame's, lines are wrapped here (libass's own wrapping is
 * off), and the text stays inside the side margins of `captionLayout`.
 * - clean: white text with a thin outline and soft shadow, lower third;
 * - bold: larger bold text, each word highlighted while it is spoken (one event per word);
 * - boxed: white text on an opaque dark box.
 */
export function toAss(cues: readonly CaptionCue[], style: CaptionStyle, width: number, height: number): string {
  const layout = captionLayout(width, height);
  const size = style === 'bold' ? Math.round(layout.fontSize * 1.1) : layout.fontSize;
  const outline = Math.max(1, Math.round(size * (style === 'bold' ? 0.12 : style === 'boxed' ? 0.25 : 0.07)));
  const shadow = style === 'clean' ? Math.max(1, Math.round(size * 0.05)) : 0;
  const borderStyle = style === 'boxed' ? 3 : 1;
  const outlineColour = style === 'boxed' ? BOX : BLACK;
  const styleLine = [
    'Default', 'DejaVu Sans', size, WHITE, WHITE, outlineColour, SHADOW, -1, 0, 0, 0, 100, 100, 0, 0, borderStyle, outline, shadow, 2,
    layout.marginLeft, layout.marginRight, layout.marginBottom, 1,
  ].join(',');
  const dialogue = (startMs: number, endMs: number, text: string) => `Dialogue: 0,${assClock(startMs)},${assClock(endMs)},Default,,0,0,0,,${text}`;
  const events: string[] = [];
  for (const cue of cues) {
    if (style !== 'bold') {
      events.push(dialogue(cue.startMs, cue.endMs, cue.lines.map(assText).join('\\N')));
      continue;
    }
    // One event per word: the whole cue, the word being said in the highlight colour.
    cue.words.forEach((word, index) => {
      const from = index === 0 ? cue.startMs : Math.max(cue.startMs, word.startMs);
      const to = index === cue.words.length - 1 ? cue.endMs : Math.min(cue.endMs, cue.words[index + 1]!.startMs);
      if (to <= from) return;
      let position = 0;
      const lines = cue.lines.map((line) =>
        line
          .split(' ')
          .map((text) => (position++ === index ? `{\\c${HIGHLIGHT_TAG}}${assText(text)}{\\c${WHITE_TAG}}` : assText(text)))
          .join(' '),
      );
      events.push(dialogue(from, to, lines.join('\\N')));
    });
  }
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${styleLine}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
