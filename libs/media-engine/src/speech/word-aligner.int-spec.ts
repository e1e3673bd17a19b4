import { buildCues, captionLayout } from '@lipcast/media-tools';
import { synthesizeSpeech } from './synthesizer';
import { alignWords, trimToVoice, voicedSegments } from './word-aligner';

const SCRIPT = 'Captions help everyone follow along. Some people watch without sound, on a train or late at night, and they still want every word.';

describe('captions from real speech', () => {
  jest.setTimeout(60_000);

  it('cover the spoken words in order, each cue within 150 ms of the engine’s word timings', async () => {
    const speech = await synthesizeSpeech({ text: SCRIPT, voiceId: 'Friendly_Person' });
    const words = trimToVoice(speech.words, voicedSegments(speech.samples, speech.sampleRate));
    const cues = buildCues(words, { maxCharsPerLine: captionLayout(1080, 1920).maxCharsPerLine });

    expect(cues.flatMap((cue) => cue.words.map((word) => word.text))).toEqual(speech.words.map((word) => word.text));
    expect(cues.flatMap((cue) => cue.words.map((word) => word.text)).join(' ')).toBe(SCRIPT);
    for (const [index, cue] of cues.entries()) {
      const first = speech.words.find((word) => word.text === cue.words[0]!.text && word.startMs === cue.words[0]!.startMs)!;
      const last = speech.words.find((word) => word.text === cue.words[cue.words.length - 1]!.text && word.startMs === cue.words[cue.words.length - 1]!.startMs)!;
      expect(Math.abs(cue.startMs - first.startMs)).toBeLessThanOrEqual(150);
      // The engine's word lasts until the next one starts (pauses included); the cue ends with the voice, never after the word.
      expect(cue.endMs).toBeLessThanOrEqual(last.endMs);
      expect(cue.endMs).toBeGreaterThan(last.startMs);
      if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[index - 1]!.endMs);
    }
  });

  it('the offline aligner puts the script’s words where the engine said them', async () => {
    const speech = await synthesizeSpeech({ text: SCRIPT, voiceId: 'Wise_Woman' });
    const aligned = alignWords(speech.samples, speech.sampleRate, SCRIPT);
    expect(aligned.map((word) => word.text)).toEqual(speech.words.map((word) => word.text));
    const errors = aligned.map((word, index) => Math.abs(word.startMs - speech.words[index]!.startMs));
    const median = [...errors].sort((a, b) => a - b)[Math.floor(errors.length / 2)]!;
    expect(median).toBeLessThanOrEqual(150);
    for (let i = 1; i < aligned.length; i++) expect(aligned[i]!.startMs).toBeGreaterThanOrEqual(aligned[i - 1]!.endMs);
  });
});
