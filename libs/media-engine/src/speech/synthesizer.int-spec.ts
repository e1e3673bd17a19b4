import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROADCAST_SOUND, meterLoudness, probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { encodeMp3, encodeWav } from './audio-file';
import { SpeechInputError, synthesizeSpeech, type SpeechResult } from './synthesizer';
import { VOICE_EMOTIONS, VOICE_IDS } from '@lipcast/contracts';

const FORTY_WORDS =
  'Our running shoe is lighter than anything we have made before. The foam returns more energy with every step, the upper breathes on hot days, ' +
  'and the grip holds on wet roads. Try a pair this weekend and feel it.';

/** Median fundamental frequency of the voiced frames (YIN: the first dip of the normalised difference), 70..450 Hz. */
function medianPitchHz({ samples, sampleRate }: SpeechResult): number {
  const frame = Math.round(sampleRate * 0.04);
  const [minLag, maxLag] = [Math.floor(sampleRate / 450), Math.ceil(sampleRate / 70)];
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += samples[i] * samples[i];
    if (Math.sqrt(energy / frame) < 1000) continue;
    let running = 0;
    for (let lag = 1; lag <= maxLag; lag++) {
      let difference = 0;
      for (let i = start; i < start + frame; i++) difference += (samples[i] - samples[i + lag]) ** 2;
      running += difference;
      const normalised = (difference * lag) / running;
      if (lag >= minLag && normalised < 0.2) {
        pitches.push(sampleRate / lag);
        break;
      }
    }
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

const say = (overrides: Partial<Parameters<typeof synthesizeSpeech>[0]> = {}) => synthesizeSpeech({ text: FORTY_WORDS, voiceId: 'Friendly_Person', ...overrides });

describe('embedded speech (espeak-ng, WebAssembly)', () => {
  jest.setTimeout(60_000);

  it('speaks 40 words in about 16 seconds at speed 1 (2.5 words a second, the wizard estimate)', async () => {
    expect(FORTY_WORDS.split(/\s+/)).toHaveLength(40);
    const speech = await say();
    expect(speech.sampleRate).toBe(22050);
    expect(speech.durationMs / 1000).toBeGreaterThan(16 * 0.8);
    expect(speech.durationMs / 1000).toBeLessThan(16 * 1.2);
  });

  it('follows the speed: 2 is well over twice as fast as 0.5', async () => {
    const [slow, fast] = [await say({ speed: 0.5 }), await say({ speed: 2 })];
    expect(slow.durationMs / fast.durationMs).toBeGreaterThan(2.5);
  });

  it('makes voices that really differ, and follows the pitch', async () => {
    const deep = medianPitchHz(await say({ voiceId: 'Deep_Voice_Man' }));
    const sweet = medianPitchHz(await say({ voiceId: 'Sweet_Girl_2' }));
    expect(deep).toBeGreaterThan(50);
    expect(sweet).toBeGreaterThan(deep * 1.6);
    const low = medianPitchHz(await say({ voiceId: 'Calm_Woman', pitch: -10 }));
    const high = medianPitchHz(await say({ voiceId: 'Calm_Woman', pitch: 10 }));
    expect(high).toBeGreaterThan(low * 1.2);
  });

  it('speaks with every voice and every emotion', async () => {
    for (const voiceId of VOICE_IDS) expect((await say({ voiceId, text: 'Hello there.' })).durationMs).toBeGreaterThan(300);
    for (const emotion of [...VOICE_EMOTIONS, 'surprise']) expect((await say({ emotion, text: 'Hello there.' })).durationMs).toBeGreaterThan(300);
  });

  it('refuses what it cannot say, naming the field', async () => {
    await expect(say({ voiceId: 'Nobody' })).rejects.toThrow(/^voice_id must be one of: Wise_Woman, Friendly_Person/);
    await expect(say({ voiceId: 'Nobody' })).rejects.toBeInstanceOf(SpeechInputError);
    await expect(say({ emotion: 'bored' })).rejects.toThrow('emotion must be one of: neutral, happy, sad, angry, fearful, disgusted, surprised');
    await expect(say({ pitch: 11 })).rejects.toThrow('pitch must be a whole number from -10 to 10');
    await expect(say({ speed: 3 })).rejects.toThrow('speed must be a number from 0.5 to 2');
    await expect(say({ text: '   ' })).rejects.toThrow('text must not be empty');
  });

  it('times every word, in order, within the audio', async () => {
    const speech = await say();
    expect(speech.words.map((word) => word.text.replace(/[.,]/g, ''))).toEqual(FORTY_WORDS.split(/\s+/).map((word) => word.replace(/[.,]/g, '')));
    for (let index = 1; index < speech.words.length; index++) expect(speech.words[index].startMs).toBeGreaterThan(speech.words[index - 1].startMs);
    expect(speech.words.at(-1)!.startMs).toBeLessThan(speech.durationMs);
    expect(speech.phonemes.length).toBeGreaterThan(100);
  });

  it('encodes a broadcast-ready mp3 (48 kHz stereo, -14 LUFS) timed as its samples, and a WAV with the samples', async () => {
    const speech = await say();
    const dir = await mkdtemp(join(tmpdir(), 'speech-'));
    try {
      const mp3 = join(dir, 'speech.mp3');
      await writeFile(mp3, await encodeMp3(speech));
      expect((await probeMedia(mp3)).audio).toMatchObject({ codec: 'mp3', sampleRate: 48000, channels: 2 });
      // As long as the samples, and the voice starts when it does in them: the phoneme timings hold.
      const decoded = await runFfmpeg(['-i', mp3, '-f', 's16le', '-ac', '1', '-ar', String(speech.sampleRate), 'pipe:1'], { captureOutput: true });
      const decodedSamples = new Int16Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength));
      expect(Math.abs((decodedSamples.length / speech.sampleRate) * 1000 - speech.durationMs)).toBeLessThan(30);
      const onsetMs = (samples: Int16Array) => (samples.findIndex((sample) => Math.abs(sample) > 1000) / speech.sampleRate) * 1000;
      expect(Math.abs(onsetMs(decodedSamples) - onsetMs(speech.samples))).toBeLessThan(5);
      const loudness = await meterLoudness(mp3);
      expect(Math.abs(loudness.integrated - BROADCAST_SOUND.loudnessLufs)).toBeLessThanOrEqual(1);
      expect(loudness.truePeak).toBeLessThanOrEqual(BROADCAST_SOUND.truePeakDbtp);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const wav = encodeWav(speech);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.length).toBe(44 + speech.samples.length * 2);
  });

  it('keeps concurrent requests apart: each gets its own voice and length', async () => {
    // espeak adds slight random variation, so compare length and pitch, not samples.
    const voices = ['Deep_Voice_Man', 'Lively_Girl', 'Abbess'] as const;
    const text = 'Same words, three voices, all at once.';
    const together = await Promise.all(voices.map((voiceId) => say({ voiceId, text })));
    for (const [index, voiceId] of voices.entries()) {
      const alone = await say({ voiceId, text });
      expect(Math.abs(together[index].durationMs - alone.durationMs) / alone.durationMs).toBeLessThan(0.05);
      expect(Math.abs(medianPitchHz(together[index]) - medianPitchHz(alone)) / medianPitchHz(alone)).toBeLessThan(0.1);
    }
  });
});
