import { alignWords, trimToVoice, voicedSegments, wordWeight } from './word-aligner';

const RATE = 16000;

/** A 200 Hz tone where `voiced` says (ms ranges), silence elsewhere, `totalMs` long. */
function tone(totalMs: number, voiced: [number, number][]): Int16Array {
  const samples = new Int16Array((totalMs * RATE) / 1000);
  for (const [from, to] of voiced) {
    for (let i = (from * RATE) / 1000; i < (to * RATE) / 1000; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 200 * i) / RATE));
  }
  return samples;
}

describe('voicedSegments', () => {
  it('finds the voiced stretches, closes short gaps and drops clicks', () => {
    const samples = tone(2000, [
      [100, 600],
      [650, 700], // 50 ms gap: inside a word
      [1000, 1500],
      [1800, 1820], // a 20 ms click
    ]);
    expect(voicedSegments(samples, RATE)).toEqual([
      { startMs: 100, endMs: 700 },
      { startMs: 1000, endMs: 1500 },
    ]);
  });

  it('finds nothing in silence', () => {
    expect(voicedSegments(new Int16Array(RATE), RATE)).toEqual([]);
  });
});

describe('alignWords', () => {
  const samples = tone(2000, [
    [100, 700],
    [1000, 1600],
  ]);

  it('lays the script over the voice in order, the pause after punctuation on the silence', () => {
    const words = alignWords(samples, RATE, 'Hello there, nice day.');
    expect(words.map((word) => word.text)).toEqual(['Hello', 'there,', 'nice', 'day.']);
    expect(words[0]!.startMs).toBe(100);
    expect(words[1]!.endMs).toBe(700);
    expect(words[2]!.startMs).toBe(1000);
    expect(words[3]!.endMs).toBe(1600);
    for (let i = 1; i < words.length; i++) expect(words[i]!.startMs).toBeGreaterThanOrEqual(words[i - 1]!.endMs);
  });

  it('gives longer words more time', () => {
    const [short, long] = alignWords(tone(1000, [[0, 1000]]), RATE, 'a extraordinary');
    expect(long!.endMs - long!.startMs).toBeGreaterThan(3 * (short!.endMs - short!.startMs));
  });

  it('aligns nothing without words or without voice', () => {
    expect(alignWords(samples, RATE, '  ')).toEqual([]);
    expect(alignWords(new Int16Array(RATE), RATE, 'Hello')).toEqual([]);
  });

  it('weighs words by syllables and letters', () => {
    expect(wordWeight('extraordinary')).toBeGreaterThan(wordWeight('cat'));
    expect(wordWeight('...')).toBe(0.5);
  });
});

describe('trimToVoice', () => {
  it('ends a word that lasts into a silence where its voice ends, and leaves the others', () => {
    const segments = [
      { startMs: 100, endMs: 700 },
      { startMs: 1000, endMs: 1600 },
    ];
    expect(
      trimToVoice(
        [
          { text: 'Hello', startMs: 100, endMs: 400 },
          { text: 'there.', startMs: 400, endMs: 1000 },
          { text: 'Bye.', startMs: 1000, endMs: 2000 },
        ],
        segments,
      ),
    ).toEqual([
      { text: 'Hello', startMs: 100, endMs: 400 },
      { text: 'there.', startMs: 400, endMs: 700 },
      { text: 'Bye.', startMs: 1000, endMs: 1600 },
    ]);
  });
});
