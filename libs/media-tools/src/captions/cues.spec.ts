import { buildCues, captionLayout, wrapWords, type CaptionWord } from './cues';
import { toAss, toSrt, toWebVtt } from './subtitle-files';

/** Words said one after another, `ms` each, with `gapMs` of silence after the words listed in `pausesAfter`. */
function spoken(text: string, ms = 300, pausesAfter: Record<number, number> = {}): CaptionWord[] {
  let at = 0;
  return text.split(' ').map((word, index) => {
    const timed = { text: word, startMs: at, endMs: at + ms };
    at += ms + (pausesAfter[index] ?? 0);
    return timed;
  });
}

describe('wrapWords', () => {
  it('keeps a short text on one line', () => {
    expect(wrapWords(['Hello', 'world'], 20)).toEqual(['Hello world']);
  });

  it('splits a long text into two even lines, none longer than the limit', () => {
    const lines = wrapWords('the quick brown fox jumps over the lazy dog'.split(' '), 26)!;
    expect(lines).toEqual(['the quick brown fox', 'jumps over the lazy dog']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(26);
  });

  it('says when the words do not fit in the lines allowed', () => {
    expect(wrapWords('one two three four five six seven'.split(' '), 10, 2)).toBeNull();
  });

  it('puts a word longer than a line alone on its line', () => {
    expect(wrapWords(['a', 'supercalifragilistic'], 8)).toEqual(['a', 'supercalifragilistic']);
  });
});

describe('buildCues', () => {
  const text = 'Welcome to Lipcast. Today we talk about captions, timing and how lines wrap on small screens. Thanks for watching!';
  const words = spoken(text, 320, { 2: 400, 15: 400 });
  const cues = buildCues(words, { maxCharsPerLine: 24 });

  it('shows every word once, in order', () => {
    expect(cues.flatMap((cue) => cue.words.map((word) => word.text))).toEqual(text.split(' '));
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).toBe(text);
  });

  it('keeps cues in order and never overlapping', () => {
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
  });

  it('ends each cue with its last word and starts it with its first', () => {
    for (const cue of cues) {
      expect(cue.endMs).toBe(cue.words[cue.words.length - 1]!.endMs);
      expect(cue.startMs).toBe(cue.words[0]!.startMs);
    }
  });

  it('wraps into at most two lines within the line length', () => {
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(24);
    }
  });

  it('ends a cue at the end of a sentence', () => {
    expect(cues[0]!.lines.join(' ')).toBe('Welcome to Lipcast.');
    expect(cues[cues.length - 1]!.lines.join(' ')).toBe('Thanks for watching!');
  });

  it('ends a cue at a pause', () => {
    const paused = buildCues(spoken('one two three four five six', 300, { 2: 600 }), { maxCharsPerLine: 40 });
    expect(paused.map((cue) => cue.lines.join(' '))).toEqual(['one two three', 'four five six']);
  });

  it('starts a short cue earlier, into the silence before it, but never over the cue before', () => {
    const short = (helloEndMs: number) =>
      buildCues(
        [
          { text: 'Hello.', startMs: 0, endMs: helloEndMs },
          { text: 'Hi.', startMs: 1500, endMs: 1700 },
          { text: 'Yes.', startMs: 1700, endMs: 1900 },
        ],
        { maxCharsPerLine: 40, minDisplayMs: 800 },
      ).map((cue) => [cue.startMs, cue.endMs]);
    expect(short(900)).toEqual([
      [0, 900],
      [1100, 1900],
    ]);
    expect(short(1300)).toEqual([
      [0, 1300],
      [1300, 1900],
    ]);
  });

  it('drops empty words and sorts words by time', () => {
    const cues = buildCues(
      [
        { text: 'world', startMs: 500, endMs: 1000 },
        { text: ' ', startMs: 400, endMs: 500 },
        { text: 'hello', startMs: 0, endMs: 400 },
      ],
      { maxCharsPerLine: 40 },
    );
    expect(cues).toEqual([{ startMs: 0, endMs: 1000, lines: ['hello world'], words: [expect.objectContaining({ text: 'hello' }), expect.objectContaining({ text: 'world' })] }]);
  });
});

describe('captionLayout', () => {
  it.each([
    [640, 720],
    [720, 1280],
    [1080, 1920],
    [1080, 1080],
    [1920, 1080],
  ])('keeps a full line of %ix%i inside the side margins', (width, height) => {
    const layout = captionLayout(width, height);
    expect(layout.marginLeft + layout.marginRight + layout.maxCharsPerLine * layout.fontSize * 0.64).toBeLessThanOrEqual(width);
    expect(layout.fontSize).toBeGreaterThanOrEqual(16);
  });

  it("keeps a vertical frame's captions above the platforms' controls: bottom edge at most 75 % of the height, clear of the right-side buttons (issue 37, item 12)", () => {
    const layout = captionLayout(1080, 1920);
    expect(1920 - layout.marginBottom).toBeLessThanOrEqual(0.75 * 1920);
    expect(1080 - layout.marginRight).toBeLessThanOrEqual(0.85 * 1080);
    // A square or wide frame keeps its lower third.
    expect(captionLayout(1080, 1080).marginBottom).toBe(Math.round(1080 * 0.08));
  });

  it('fits more characters on a wide frame than on a vertical one', () => {
    expect(captionLayout(1920, 1080).maxCharsPerLine).toBeGreaterThan(captionLayout(1080, 1920).maxCharsPerLine);
  });
});

describe('subtitle files', () => {
  const cues = [
    { startMs: 0, endMs: 1250, lines: ['Fish & chips', '<now>'], words: [] },
    { startMs: 3_723_004, endMs: 3_724_000, lines: ['Later'], words: [] },
  ];

  it('writes WebVTT with escaped text', () => {
    expect(toWebVtt(cues)).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.250\nFish &amp; chips\n&lt;now&gt;\n\n2\n01:02:03.004 --> 01:02:04.000\nLater\n\n');
  });

  it('writes SRT with comma milliseconds', () => {
    expect(toSrt(cues)).toBe('1\n00:00:00,000 --> 00:00:01,250\nFish & chips\n<now>\n\n2\n01:02:03,004 --> 01:02:04,000\nLater\n\n');
  });

  it('writes an ASS script at the frame size, one event per word for the bold style', () => {
    const words = spoken('Hello there world');
    const [cue] = buildCues(words, { maxCharsPerLine: 30 });
    const ass = toAss([cue!], 'bold', 1080, 1920);
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    const events = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(events).toEqual([
      'Dialogue: 0,0:00:00.00,0:00:00.30,Default,,0,0,0,,{\\c&H00D7FF&}Hello{\\c&HFFFFFF&} there world',
      'Dialogue: 0,0:00:00.30,0:00:00.60,Default,,0,0,0,,Hello {\\c&H00D7FF&}there{\\c&HFFFFFF&} world',
      'Dialogue: 0,0:00:00.60,0:00:00.90,Default,,0,0,0,,Hello there {\\c&H00D7FF&}world{\\c&HFFFFFF&}',
    ]);
  });

  it('draws an opaque box for the boxed style and keeps braces literal', () => {
    const ass = toAss([{ startMs: 0, endMs: 1000, lines: ['a {b}', 'c'], words: [] }], 'boxed', 640, 720);
    expect(ass).toMatch(/^Style: Default,DejaVu Sans,\d+,&H00FFFFFF,&H00FFFFFF,&H26000000,&H80000000,-1,0,0,0,100,100,0,0,3,/m);
    expect(ass).toContain(',,a (b)\\Nc');
  });
});
