import { isVoiceId, MAX_SPEECH_TEXT_LENGTH, SPEECH_PITCH, SPEECH_SPEED, SpeechSettingMessages, voiceEmotionOf, VOICE_IDS } from '@lipcast/contracts';
import { EMOTION_PROSODY, VOICE_PROFILES } from './voices';

export interface SpeechRequest {
  text: string;
  voiceId: string;
  emotion?: string;
  /** −10..10, whole numbers; default 0. */
  pitch?: number;
  /** 0.5..2; default 1. */
  speed?: number;
  /** 0..10; default 1. */
  volume?: number;
}

export interface TimedUnit {
  text: string;
  startMs: number;
  endMs: number;
}

export interface SpeechResult {
  samples: Int16Array;
  sampleRate: number;
  durationMs: number;
  words: TimedUnit[];
  /** espeak-ng phonemes in IPA, with stress marks. */
  phonemes: TimedUnit[];
}

/** A request the engine cannot say; the message names the field and what is allowed. */
export class SpeechInputError extends Error {
  override name = 'SpeechInputError';
}

interface EspeakEvent {
  type: string;
  text_position: number;
  word_length: number;
  audio_position: number;
  id?: string | number;
}

interface EspeakWorker {
  samplerate: number;
  set_voice(name: string): number;
  set_rate(value: number): void;
  set_pitch(value: number): void;
  set_range(value: number): void;
  set_volume(value: number): void;
  synthesize(text: string, callback: (samples: Int16Array | null, events: EspeakEvent[]) => number): void;
}

type EspeakModule = { eSpeakNGWorker: new () => EspeakWorker };

let worker: Promise<EspeakWorker> | null = null;
/** The engine is not re-entrant: requests take turns. */
let queue: Promise<unknown> = Promise.resolve();

/** espeak-ng compiled to WebAssembly ships its voice data inside the package: loaded once, reused. */
function espeak(): Promise<EspeakWorker> {
  worker ??= import('@echogarden/espeak-ng-emscripten').then(async ({ default: createModule }) => {
    const module = (await createModule()) as EspeakModule;
    return new module.eSpeakNGWorker();
  });
  return worker;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function checked(request: SpeechRequest) {
  const text = request.text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[<>{}[\]\\|^~`]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!text) throw new SpeechInputError('text must not be empty');
  if (text.length > MAX_SPEECH_TEXT_LENGTH) throw new SpeechInputError(`text must be at most ${MAX_SPEECH_TEXT_LENGTH} characters`);
  const voiceId = request.voiceId;
  if (!isVoiceId(voiceId)) throw new SpeechInputError(`voice_id must be one of: ${VOICE_IDS.join(', ')}`);
  const emotion = voiceEmotionOf(request.emotion ?? 'neutral');
  if (!emotion) throw new SpeechInputError(SpeechSettingMessages.emotion);
  const pitch = request.pitch ?? SPEECH_PITCH.default;
  if (!Number.isInteger(pitch) || pitch < SPEECH_PITCH.min || pitch > SPEECH_PITCH.max) throw new SpeechInputError(SpeechSettingMessages.pitch);
  const speed = request.speed ?? SPEECH_SPEED.default;
  if (!(speed >= SPEECH_SPEED.min && speed <= SPEECH_SPEED.max)) throw new SpeechInputError(SpeechSettingMessages.speed);
  const volume = request.volume ?? 1;
  if (!(volume >= 0 && volume <= 10)) throw new SpeechInputError('volume must be a number from 0 to 10');
  return { text, voiceId, emotion, pitch, speed, volume };
}

/**
 * Text to speech with the embedded espeak-ng: 16-bit mono samples with word and phoneme timings.
 * The voice id picks the espeak voice and its base prosody; pitch, speed, volume and the emotion
 * are applied on top of it.
 */
export async function synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult> {
  const input = checked(request);
  const run = queue.then(async () => {
    const engine = await espeak();
    const profile = VOICE_PROFILES[input.voiceId];
    const prosody = EMOTION_PROSODY[input.emotion];
    // set_voice keeps the previous voice on a bad name and says so only in its return code.
    if (engine.set_voice(profile.voice) !== 0) throw new Error(`espeak-ng has no voice ${profile.voice}`);
    engine.set_pitch(clamp(Math.round(profile.pitch + prosody.pitchOffset + 4 * input.pitch), 0, 99));
    engine.set_range(clamp(Math.round(profile.range * prosody.rangeFactor), 0, 99));
    engine.set_rate(clamp(Math.round(profile.rate * prosody.rateFactor * input.speed), 80, 450));
    engine.set_volume(clamp(Math.round(100 * input.volume * prosody.volumeFactor), 0, 200));

    const chunks: Int16Array[] = [];
    const events: EspeakEvent[] = [];
    engine.synthesize(input.text, (samples, chunkEvents) => {
      if (samples?.length) chunks.push(samples);
      events.push(...chunkEvents);
      return 0;
    });
    const samples = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    const durationMs = (samples.length / engine.samplerate) * 1000;
    return { samples, sampleRate: engine.samplerate, durationMs, ...timings(input.text, events, durationMs) };
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Word and phoneme intervals from espeak's events: each lasts until the next one of its kind starts. */
function timings(text: string, events: EspeakEvent[], durationMs: number): Pick<SpeechResult, 'words' | 'phonemes'> {
  const intervals = (marks: { text: string; startMs: number }[]): TimedUnit[] =>
    marks.map((mark, index) => ({ ...mark, endMs: marks[index + 1]?.startMs ?? durationMs }));
  const words = scriptWords(
    text,
    events.filter((event) => event.type === 'word').map((event) => ({ at: event.text_position - 1, startMs: event.audio_position })),
    durationMs,
  );
  const phonemes = events.filter((event) => event.type === 'phoneme').map((event) => ({ text: String(event.id ?? ''), startMs: event.audio_position }));
  return { words: intervals(words), phonemes: intervals(phonemes) };
}

/**
 * The script's own words (punctuation kept, as captions show them) at the times espeak says them:
 * espeak marks where each word it speaks starts in the text; a word it speaks in parts (e-mail,
 * 1999) is one word of the script, starting with its first part. A word espeak marks none of (it
 * runs some short words into the next) shares the time of the marked word before it, evenly.
 */
function scriptWords(text: string, marks: { at: number; startMs: number }[], durationMs: number): { text: string; startMs: number }[] {
  const tokens = [...text.matchAll(/\S+/g)].map((match) => ({ from: match.index, to: match.index + match[0].length, text: match[0] }));
  const starts: (number | undefined)[] = tokens.map(() => undefined);
  for (const mark of marks) {
    const token = tokens.findIndex((candidate) => mark.at >= candidate.from && mark.at < candidate.to);
    if (token >= 0 && starts[token] === undefined) starts[token] = mark.startMs;
  }
  const marked = starts.flatMap((start, index) => (start === undefined ? [] : [index]));
  if (marked.length === 0) return [];
  // Words before the first mark start with it; those after a mark share the time until the next mark (or the end).
  for (let index = 0; index < marked[0]!; index++) starts[index] = starts[marked[0]!];
  marked.forEach((from, order) => {
    const to = marked[order + 1] ?? tokens.length;
    const until = marked[order + 1] !== undefined ? starts[to]! : Math.max(starts[from]!, durationMs);
    const step = (until - starts[from]!) / (to - from);
    for (let index = from + 1; index < to; index++) starts[index] = Math.round(starts[from]! + step * (index - from));
  });
  return tokens.map((token, index) => ({ text: token.text, startMs: starts[index]! }));
}
