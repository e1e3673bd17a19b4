import { cutSentence, unitsWithin } from './sentence-cut';

const word = (text: string, startMs: number, endMs: number) => ({ text, startMs, endMs });

// "Hi there. Old words here. Bye." at 25 fps: the middle sentence is words 2-4.
const OLD = {
  words: [word('Hi', 100, 300), word('there.', 300, 700), word('Old', 1100, 1300), word('words', 1300, 1600), word('here.', 1600, 2000), word('Bye.', 2400, 2800)],
  phonemes: [word('h', 100, 200), word('o', 1100, 1200), word('b', 2400, 2500)],
};
const NEW_SENTENCE = { words: [word('New', 50, 250), word('sentence.', 250, 950)], phonemes: [word('n', 50, 150), word('s', 300, 400)] };

describe('cutSentence', () => {
  const cut = cutSentence({ old: OLD, oldSeconds: 3, sentence: { firstWord: 2, wordCount: 3 }, replacement: NEW_SENTENCE, replacementSeconds: 1.1, fps: 25 });

  it('cuts halfway through the silences around the sentence, on whole frames', () => {
    expect(cut.cutStart).toBeCloseTo(0.92, 5); // (0.7 + 1.1) / 2 = 0.9 → frame 23
    expect(cut.cutEnd).toBeCloseTo(2.2, 5); // (2.0 + 2.4) / 2
  });

  it('puts the new words in with the old silence around them, its length on whole frames', () => {
    // 0.18 s of silence before the old sentence's first word (from the cut), 0.2 s after its last.
    expect(cut.from).toBeCloseTo(0.05 - 0.18, 5);
    const seconds = cut.to - cut.from;
    expect(Math.abs(seconds * 25 - Math.round(seconds * 25))).toBeLessThan(1e-9);
    expect(seconds).toBeCloseTo(1.28, 5); // 0.18 of silence, the words (0.05 to 0.95 s), 0.2 of silence: 32 frames
  });

  it('keeps the words before, moves the new ones into place and shifts those after', () => {
    const texts = cut.timings.words.map((each) => each.text);
    expect(texts).toEqual(['Hi', 'there.', 'New', 'sentence.', 'Bye.']);
    expect(cut.timings.words[0]).toEqual(OLD.words[0]);
    expect(cut.timings.words[2].startMs).toBeCloseTo(1100, 5); // the cut (920) plus the same 180 ms of silence
    const newEnd = cut.cutStart + (cut.to - cut.from);
    expect(cut.timings.words[4].startMs).toBeCloseTo(2400 + (newEnd - 2.2) * 1000, 5);
    expect(cut.durationSeconds).toBeCloseTo(newEnd + 3 - 2.2, 5);
    expect(cut.timings.phonemes!.map((each) => each.text)).toEqual(['h', 'n', 's', 'b']);
  });

  it('cuts from the start for a first sentence and to the end for a last one', () => {
    const first = cutSentence({ old: OLD, oldSeconds: 3, sentence: { firstWord: 0, wordCount: 2 }, replacement: NEW_SENTENCE, replacementSeconds: 1.1, fps: 25 });
    expect(first.cutStart).toBe(0);
    expect(first.from).toBe(0);
    const last = cutSentence({ old: OLD, oldSeconds: 3, sentence: { firstWord: 5, wordCount: 1 }, replacement: NEW_SENTENCE, replacementSeconds: 1.1, fps: 25 });
    expect(last.cutEnd).toBeNull();
    expect(last.durationSeconds).toBeCloseTo(last.cutStart + (last.to - last.from), 5);
    expect(last.timings.words.map((each) => each.text)).toEqual(['Hi', 'there.', 'Old', 'words', 'here.', 'New', 'sentence.']);
  });
});

describe('unitsWithin', () => {
  it('answers the units of a window in its own time, cut at its edges', () => {
    expect(unitsWithin(OLD.words, 1.2, 1.7)).toEqual([word('Old', 0, 100), word('words', 100, 400), word('here.', 400, 500)]);
  });
});
