import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeBroadcastMp3, MEDIA_LIMITS, runFfmpeg } from '@lipcast/media-tools';
import type { SpeechResult } from './synthesizer';

/** 16-bit PCM mono WAV, written by hand (a 44-byte header and the samples). */
export function encodeWav(speech: Pick<SpeechResult, 'samples' | 'sampleRate'>): Buffer {
  const data = Buffer.from(speech.samples.buffer, speech.samples.byteOffset, speech.samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(speech.sampleRate, 24);
  header.writeUInt32LE(speech.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * The speech as a broadcast-ready MP3 (`BROADCAST_SOUND`: high-passed, -14 LUFS, 48 kHz stereo),
 * timed exactly as the samples: written to a file first, whose LAME tag tells players the
 * encoder's delay (a piped MP3 played 50 ms late, off its phoneme timings).
 */
export async function encodeMp3(speech: Pick<SpeechResult, 'samples' | 'sampleRate'>, signal?: AbortSignal): Promise<Buffer> {
  const pcm = Buffer.from(speech.samples.buffer, speech.samples.byteOffset, speech.samples.byteLength);
  const dir = await mkdtemp(join(tmpdir(), 'speech-mp3-'));
  try {
    const path = join(dir, 'speech.mp3');
    await encodeBroadcastMp3({ pcm, sampleRate: speech.sampleRate }, path, signal);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Any audio file → 16-bit mono samples at `sampleRate` (the lip-sync reads the loudness of each
 * frame). Decoding stops one second past the length limit, so a long file costs no more memory than
 * that and the renderer still sees that it is too long.
 */
export async function decodeAudio(path: string, sampleRate = 16000, signal?: AbortSignal): Promise<Pick<SpeechResult, 'samples' | 'sampleRate' | 'durationMs'>> {
  const pcm = await runFfmpeg(['-i', path, '-t', String(MEDIA_LIMITS.maxDurationSeconds + 1), '-f', 's16le', '-ac', '1', '-ar', String(sampleRate), 'pipe:1'], { captureOutput: true, signal });
  const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.byteLength & ~1)));
  return { samples, sampleRate, durationMs: (samples.length / sampleRate) * 1000 };
}
