import { runFfmpeg } from './ffmpeg';
import { parseReport, type MediaInfo } from './probe';

/**
 * The sound of everything Lipcast outputs (issue 36, item 4): broadcast-ready, as the platforms
 * expect it. Speech is high-passed (rumble and handling noise go, the voice stays), brought to
 * -14 LUFS integrated with its true peak at -1 dBTP at most, and resampled to 48 kHz stereo.
 */
export const BROADCAST_SOUND = {
  loudnessLufs: -14,
  /** The ceiling the output file keeps to (read back from the file, after the lossy encoder). */
  truePeakDbtp: -1,
  /** loudnorm aims this far under the ceiling: AAC and MP3 add overshoot (AAC added 1.3 dB on clicks). */
  encoderHeadroomDb: 1,
  /** loudnorm's target range: above what speech has, so a measured second pass stays linear (a plain gain). */
  loudnessRangeLu: 11,
  highpassHz: 80,
  sampleRate: 48000,
  channels: 2,
  /** The least bit rate a file may state. */
  minBitRate: 128_000,
  /** ffmpeg's AAC encoder states less than it was asked for on clean speech (110 kb/s for 128k): asked 160k, it stays above 128. */
  aacBitRate: '160k',
  /**
   * libmp3lame's VBR quality for speech downloads (V2, about 150 kbit/s on speech): at a constant 128k
   * or 192k LAME took 0.3 to 0.5 LU off the loudness of eSpeak speech; VBR kept it.
   */
  mp3Quality: 2,
} as const;

/** Quieter than this is silence or hum, not speech: it is resampled and encoded, not raised to -14 LUFS. */
export const SILENCE_FLOOR_LUFS = -60;

/** Audio encoded as every video's sound: AAC, 48 kHz stereo, 128 kbit/s or more. */
export const BROADCAST_AAC = ['-ar', String(BROADCAST_SOUND.sampleRate), '-ac', String(BROADCAST_SOUND.channels), '-c:a', 'aac', '-b:a', BROADCAST_SOUND.aacBitRate];

/** Audio encoded as a speech download: MP3, 48 kHz stereo, LAME V2. */
export const BROADCAST_MP3 = ['-ar', String(BROADCAST_SOUND.sampleRate), '-ac', String(BROADCAST_SOUND.channels), '-c:a', 'libmp3lame', '-q:a', String(BROADCAST_SOUND.mp3Quality)];

/** The first pass's measurement: what the second pass needs to apply one plain gain (or loudnorm's limiting). -Infinity for silence. */
export interface LoudnessMeasurement {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP. */
  truePeak: number;
  /** Loudness range, LU. */
  range: number;
  /** The relative gate's threshold, LUFS. */
  threshold: number;
  /** A correction loudnorm adds to its target, dB (0: the meter measures the sound itself, not a first loudnorm run). */
  offset: number;
}

/** A file, or 16-bit little-endian mono samples piped to ffmpeg (the embedded speech engine's). */
export type SoundSource = string | { pcm: Buffer; sampleRate: number };

function inputOf(source: SoundSource): { args: string[]; input?: Buffer } {
  if (typeof source === 'string') return { args: ['-i', source] };
  return { args: ['-f', 's16le', '-ar', String(source.sampleRate), '-ac', '1', '-i', 'pipe:0'], input: source.pcm };
}

/** Filters both passes share: the high-pass, and stereo before loudnorm so a mono voice is measured as it will play. */
const BEFORE_LOUDNORM = `highpass=f=${BROADCAST_SOUND.highpassHz},aformat=channel_layouts=stereo`;
const LOUDNORM_TARGET = `loudnorm=I=${BROADCAST_SOUND.loudnessLufs}:TP=${BROADCAST_SOUND.truePeakDbtp - BROADCAST_SOUND.encoderHeadroomDb}:LRA=${BROADCAST_SOUND.loudnessRangeLu}`;
/**
 * The measuring pass's filters: the sound as the second pass hears it, on ffmpeg's EBU R128 meter
 * (true peak on). It measures what loudnorm's first pass does (the same BS.1770 loudness, which the
 * outputs are read back with) in a tenth of its time: loudnorm works at 192 kHz (0.8 s against 0.08).
 */
const MEASURING = `${BEFORE_LOUDNORM},ebur128=peak=true:framelog=verbose`;

/** The meter's summary at the end of an ffmpeg log (`ebur128`): integrated loudness, its gate, loudness range and true peak. */
function readMeterSummary(log: string): LoudnessMeasurement {
  const at = log.lastIndexOf('Summary:');
  const summary = at < 0 ? '' : log.slice(at);
  const read = (pattern: RegExp) => {
    const value = pattern.exec(summary)?.[1];
    if (value === undefined) throw new Error(`ebur128 reported no summary: ${log.slice(-500).trim()}`);
    return value === '-inf' ? -Infinity : Number(value);
  };
  return {
    integrated: read(/I:\s+(-inf|-?[\d.]+) LUFS/),
    threshold: read(/I:\s+\S+ LUFS\s+Threshold:\s+(-inf|-?[\d.]+) LUFS/),
    range: read(/LRA:\s+(-inf|-?[\d.]+) LU/),
    truePeak: read(/Peak:\s+(-inf|-?[\d.]+) dBFS/),
    offset: 0,
  };
}

/**
 * loudnorm's own first pass, for sound whose peaks need limiting (`needsLimiting`): its limiting
 * (dynamic) mode needs the offset this pass finds; from the meter's figures alone it ended 3.9 LU
 * short of the target on the quiet test voice with clicks.
 */
async function loudnormMeasurement(source: SoundSource, signal?: AbortSignal): Promise<LoudnessMeasurement> {
  const { args, input } = inputOf(source);
  const log = (
    await runFfmpeg([...args, '-map', '0:a:0', '-vn', '-af', `${BEFORE_LOUDNORM},${LOUDNORM_TARGET}:print_format=json`, '-f', 'null', '-'], { input, signal, captureLog: true })
  ).toString();
  const report = /\{[^{}]*"input_i"[^{}]*\}/.exec(log)?.[0];
  if (!report) throw new Error(`loudnorm reported no measurement: ${log.slice(-500).trim()}`);
  const values = JSON.parse(report) as Record<string, string>;
  // loudnorm writes "-inf" for silence, which is no JSON number.
  const read = (name: string) => (/^-inf/.test(values[name]) ? -Infinity : /^inf/.test(values[name]) ? Infinity : Number(values[name]));
  return { integrated: read('input_i'), truePeak: read('input_tp'), range: read('input_lra'), threshold: read('input_thresh'), offset: read('target_offset') };
}

/**
 * The first pass: the source's first audio stream measured (audio only, so a video's frames are not
 * decoded). Rejects when the source has no audio.
 */
export async function measureLoudness(source: SoundSource, signal?: AbortSignal): Promise<LoudnessMeasurement> {
  const { args, input } = inputOf(source);
  const log = await runFfmpeg([...args, '-map', '0:a:0', '-vn', '-af', MEASURING, '-f', 'null', '-'], { input, signal, captureLog: true });
  return readMeterSummary(log.toString());
}

/**
 * A file's sound measured, and what the file holds read from the same run's report (no probe of its
 * own): `loudness` is null when it has no sound. One video packet is copied (not decoded) as well, so
 * that a file without sound still gives the run a stream: ffmpeg fails a run with nothing to output.
 */
export async function measureFileSound(path: string, signal?: AbortSignal): Promise<{ info: MediaInfo; loudness: LoudnessMeasurement | null }> {
  const streams = ['-map', '0:a:0?', '-map', '0:v:0?', '-c:v', 'copy', '-frames:v', '1'];
  const log = (await runFfmpeg(['-i', path, ...streams, '-af', MEASURING, '-f', 'null', '-'], { signal, captureLog: true })).toString();
  const info = parseReport(log);
  if (!info) throw new Error(`Not a media file ffmpeg can read: ${log.slice(-500).trim()}`);
  return { info, loudness: info.audio ? readMeterSummary(log) : null };
}

const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : value > 0 ? max : min).toFixed(2);

/** Whether one gain to the target would push the true peak over loudnorm's ceiling (silence: no gain at all). */
function needsLimiting(measured: LoudnessMeasurement): boolean {
  if (!(measured.integrated > SILENCE_FLOOR_LUFS)) return false;
  const gain = BROADCAST_SOUND.loudnessLufs - measured.integrated;
  return !(Number.isFinite(measured.truePeak) && measured.truePeak + gain <= BROADCAST_SOUND.truePeakDbtp - BROADCAST_SOUND.encoderHeadroomDb);
}

/**
 * The second pass's filters for what was measured: high-pass, stereo, then one gain to the target
 * when that keeps the true peak under loudnorm's ceiling, else loudnorm with the measurement (it
 * limits the peaks), then 48 kHz. The plain gain is what loudnorm's linear mode applies in that case
 * (target less measured loudness), without its work at 192 kHz: 0.27 s against 0.62 on a 6 s video.
 * Silence and near-silence are only high-passed and resampled.
 */
export function broadcastAudioFilter(measured: LoudnessMeasurement): string {
  const resample = `aresample=${BROADCAST_SOUND.sampleRate}`;
  if (!(measured.integrated > SILENCE_FLOOR_LUFS)) return `${BEFORE_LOUDNORM},${resample}`;
  if (!needsLimiting(measured)) return `${BEFORE_LOUDNORM},volume=${(BROADCAST_SOUND.loudnessLufs - measured.integrated).toFixed(2)}dB,${resample}`;
  const loudnorm = [
    LOUDNORM_TARGET,
    `measured_I=${clamp(measured.integrated, -99, 0)}`,
    `measured_TP=${clamp(measured.truePeak, -99, 99)}`,
    `measured_LRA=${clamp(measured.range, 0, 99)}`,
    `measured_thresh=${clamp(measured.threshold, -99, 0)}`,
    `offset=${clamp(measured.offset, -99, 99)}`,
    'linear=true',
  ].join(':');
  return `${BEFORE_LOUDNORM},${loudnorm},${resample}`;
}

/**
 * The second pass's filters for a source the meter measured (`measureLoudness`, `measureFileSound`):
 * straight from that when a plain gain will do, else from loudnorm's own first pass (`loudnormMeasurement`).
 */
export async function secondPassFilter(source: SoundSource, measured: LoudnessMeasurement, signal?: AbortSignal): Promise<string> {
  return broadcastAudioFilter(needsLimiting(measured) ? await loudnormMeasurement(source, signal) : measured);
}

/**
 * Speech as a broadcast-ready MP3 file (a speech download, a creator's voice): both loudness passes.
 * Same timing as the source: a file, not a pipe, so the encoder's delay is written in its LAME tag and
 * players skip it (piped, the voice came 50 ms late).
 */
export async function encodeBroadcastMp3(source: SoundSource, output: string, signal?: AbortSignal): Promise<void> {
  const filter = await secondPassFilter(source, await measureLoudness(source, signal), signal);
  const { args, input } = inputOf(source);
  await runFfmpeg([...args, '-map', '0:a:0', '-vn', '-af', filter, ...BROADCAST_MP3, '-f', 'mp3', output], { input, signal });
}

/**
 * What a file's first audio stream measures on ffmpeg's EBU R128 meter (`ebur128`, true peak on):
 * a check read back from the output, as it plays (no high-pass). -Infinity for silence.
 */
export async function meterLoudness(path: string, signal?: AbortSignal): Promise<{ integrated: number; truePeak: number }> {
  const log = (await runFfmpeg(['-i', path, '-map', '0:a:0', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'], { signal, captureLog: true })).toString();
  const { integrated, truePeak } = readMeterSummary(log);
  return { integrated, truePeak };
}
