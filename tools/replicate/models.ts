/**
 * The models the Replicate stand-in runs: whether Replicate marks them official (run on the model
 * endpoint) or community (run by version only), their published schemas (checked-in JSON in
 * `schemas/`, checked like Replicate does, answering 422) and what each produces. Outputs are real
 * media of the right kind, small and quick to make:
 *   minimax/speech-02-hd|turbo  an mp3 tone with a speech-like rhythm, words / 2.5 / speed seconds long
 *                               (volume 0 is refused by the model, as MiniMax's own range is (0, 10])
 *   bytedance/latentsync        the input face speaking the input audio, drawn by Lipcast's embedded engine on
 *                               the portrait card (640x720, 25 fps), as long as the audio (`behaviour.lipSync` =
 *                               'frozen', or no face found: the input looped, its mouth never moving):
 *                               H.264 + AAC without +faststart, as LatentSync's own ffmpeg mux writes it
 *                               ([mpeg4] in an input: the looped input, MPEG-4 Part 2 + MP3 in a QuickTime .mov)
 *   black-forest-labs/flux-schnell  a drawn portrait at flux's size for the aspect ratio, png/jpg/webp, an array of URLs
 *   minimax/voice-cloning       {voice_id, preview, model}: a new voice id (`R8_` and 8 letters or digits) that the speech
 *                               models then accept; refuses, as MiniMax does, a voice_file that is not MP3/M4A/WAV audio
 *                               or lasts under 10 s or over 5 min; a voice unused for 7 days is deleted (`ClonedVoices`)
 *   wan-video/wan-2.2-i2v-fast  num_frames / frames_per_second seconds of the input image, slowly panning, at
 *                               Wan's real sizes: 832x480 (landscape or square input) or 480x832 (portrait)
 *                               at 480p, 1280x720 or 720x1280 at 720p
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { audioSeconds, downloadInput, encodePng, runFfmpeg, type Rgb } from './media.ts';

export interface InvalidField {
  type: string;
  field: string;
  description: string;
}

export interface ModelRun {
  input: Record<string, unknown>;
  /** A private folder for this prediction's files. */
  workDir: string;
  /** Aborted when the prediction is canceled. */
  signal: AbortSignal;
  /** Makes a file downloadable (GET /files/...) and returns its URL. */
  publish(path: string, contentType: string): string;
  /** The voices cloned on this stand-in (minimax/voice-cloning makes them, the speech models speak them). */
  voices: ClonedVoices;
  /** How the stand-in's models behave now (tests switch it). */
  behaviour: StandInBehaviour;
}

/**
 * Switches a test flips on a running stand-in. `lipSync`: LatentSync's answer is `synced` (the input
 * face speaking the audio, drawn by Lipcast's own embedded engine: a plausible lip-sync, as the
 * lip-sync check expects of a real provider) or `frozen` (the input looped, its mouth never moving:
 * a result deliberately out of sync, for the check's gate).
 */
export interface StandInBehaviour {
  lipSync: 'synced' | 'frozen';
}

/** MiniMax deletes a cloned voice that no synthesis has used for 7 days. */
export const CLONED_VOICE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The voices minimax/voice-cloning made, with when each was last used. */
export class ClonedVoices {
  private readonly lastUsedAt = new Map<string, number>();

  add(): string {
    const id = `R8_${randomBytes(8).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase().padEnd(8, 'X')}`;
    this.lastUsedAt.set(id, Date.now());
    return id;
  }

  /** Whether the voice exists (one unused for 7 days is deleted first, as MiniMax does); using it keeps it 7 more days. */
  use(id: string): boolean {
    const lastUsed = this.lastUsedAt.get(id);
    if (lastUsed === undefined) return false;
    if (Date.now() - lastUsed >= CLONED_VOICE_LIFETIME_MS) {
      this.lastUsedAt.delete(id);
      return false;
    }
    this.lastUsedAt.set(id, Date.now());
    return true;
  }

  /** Tests: the voice was last used `ms` ago (a voice 7 days unused is gone at its next use). */
  setUnusedFor(id: string, ms: number): void {
    if (this.lastUsedAt.has(id)) this.lastUsedAt.set(id, Date.now() - ms);
  }

  ids(): string[] {
    return [...this.lastUsedAt.keys()];
  }
}

/** One input field of a published schema (the JSON Schema keywords Replicate's schemas use). */
export interface PropertySchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  enum?: ReadonlyArray<string | number>;
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
  description?: string;
}

/** A model's published schema, as checked in under `schemas/`. */
export interface ModelSchema {
  $comment: string;
  Input: { type: 'object'; title: string; required?: string[]; properties: Record<string, PropertySchema> };
  Output: Record<string, unknown>;
}

export interface StandInModel {
  /** Official models run on `POST /v1/models/{owner}/{name}/predictions`; community models only by version. */
  official: boolean;
  description: string;
  schema: ModelSchema;
  /** The prediction's output; a thrown error fails the prediction with its message. */
  run(run: ModelRun): Promise<unknown>;
}

/** The checked-in schemas, found from the working directory up (Jest runs as CommonJS, the tools as ES modules). */
function loadSchema(file: string): ModelSchema {
  for (let folder = process.cwd(); ; folder = dirname(folder)) {
    const path = join(folder, 'tools', 'replicate', 'schemas', file);
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as ModelSchema;
    if (dirname(folder) === folder) throw new Error(`Replicate stand-in: schema ${file} not found above ${process.cwd()}`);
  }
}

/** Whether any string input carries a test marker such as `[mpeg4]`. */
const mentions = (input: Record<string, unknown>, marker: string) => Object.values(input).some((value) => typeof value === 'string' && value.includes(marker));

/**
 * The system voices minimax itself knows (its schema does not list them). Restated, not imported
 * from the generation service's list: the stand-in plays the provider, so a voice id the service
 * offers by mistake must fail here as it would on Replicate.
 */
export const MINIMAX_VOICES = [
  'Wise_Woman',
  'Friendly_Person',
  'Inspirational_girl',
  'Deep_Voice_Man',
  'Calm_Woman',
  'Casual_Guy',
  'Lively_Girl',
  'Patient_Man',
  'Young_Knight',
  'Determined_Man',
  'Lovely_Girl',
  'Decent_Boy',
  'Imposing_Manner',
  'Elegant_Man',
  'Abbess',
  'Sweet_Girl_2',
  'Exuberant_Girl',
] as const;

/** flux-schnell's output size per aspect ratio at 1 megapixel (replicate/cog-flux ASPECT_RATIOS). */
const FLUX_SIZES: Record<string, readonly [number, number]> = {
  '1:1': [1024, 1024],
  '16:9': [1344, 768],
  '21:9': [1536, 640],
  '3:2': [1216, 832],
  '2:3': [832, 1216],
  '4:5': [896, 1088],
  '5:4': [1088, 896],
  '3:4': [896, 1152],
  '4:3': [1152, 896],
  '9:16': [768, 1344],
  '9:21': [640, 1536],
};

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Wan 2.2's frame (landscape) per resolution; a portrait input gets it turned: 480x832, 720x1280. */
const WAN_SIZES: Record<string, readonly [number, number]> = { '480p': [832, 480], '720p': [1280, 720] };

const AUDIO_FORMATS: Record<string, { extension: string; contentType: string; codec: string[] }> = {
  mp3: { extension: 'mp3', contentType: 'audio/mpeg', codec: ['-c:a', 'libmp3lame'] },
  wav: { extension: 'wav', contentType: 'audio/wav', codec: ['-c:a', 'pcm_s16le'] },
  flac: { extension: 'flac', contentType: 'audio/flac', codec: ['-c:a', 'flac'] },
  pcm: { extension: 'pcm', contentType: 'application/octet-stream', codec: ['-f', 's16le', '-c:a', 'pcm_s16le'] },
};

function minimaxSpeech(description: string): StandInModel {
  return {
    official: true,
    description,
    schema: loadSchema('minimax__speech-02-hd.json'),
    async run({ input, workDir, signal, publish, voices }) {
      const voice = typeof input.voice_id === 'string' ? input.voice_id : 'Wise_Woman';
      // Like minimax: an unknown voice, or a volume outside MiniMax's own (0, 10], is the model's error, not a schema error.
      if (!(MINIMAX_VOICES as readonly string[]).includes(voice) && !voices.use(voice)) throw new Error(`invalid params, voice id not exist: ${voice}`);
      const volume = numberOr(input.volume, 1);
      if (volume <= 0) throw new Error(`invalid params, vol must be in (0, 10], got ${volume}`);
      const words = String(input.text).trim().split(/\s+/).filter(Boolean).length;
      const seconds = Math.max(0.6, words / 2.5 / numberOr(input.speed, 1));
      const pitchHz = 140 * 2 ** (numberOr(input.pitch, 0) / 12);
      const amplitude = Math.min(0.9, 0.3 * volume);
      // A voiced tone with a gliding pitch and a swell at a syllable rate that wanders (about 2.5 to 5.5 a
      // second) and phrases that rise and fall: sounds like speech rhythm, is plainly not speech. Not
      // periodic, so a lip-sync check finds one offset, not one every syllable.
      const swell = '(0.55+0.45*sin(2*PI*4*t+3*sin(2*PI*0.7*t)))*(0.65+0.35*sin(2*PI*0.31*t+1))';
      const tone = `${amplitude.toFixed(3)}*sin(2*PI*(${pitchHz.toFixed(1)}+20*sin(2*PI*0.7*t))*t)*${swell}`;
      const format = AUDIO_FORMATS[typeof input.audio_format === 'string' ? input.audio_format : 'mp3'];
      const output = join(workDir, `output.${format.extension}`);
      const sampleRate = numberOr(input.sample_rate, 32000);
      const bitrate = format.extension === 'mp3' ? ['-b:a', `${numberOr(input.bitrate, 128000) / 1000}k`] : [];
      const channels = input.channel === 'stereo' ? 2 : 1;
      await runFfmpeg(
        ['-f', 'lavfi', '-i', `aevalsrc='${tone}':s=${sampleRate}:d=${seconds.toFixed(3)}`, '-ac', String(channels), ...format.codec, ...bitrate, output],
        signal,
      );
      return publish(output, format.contentType);
    },
  };
}

const latentSync: StandInModel = {
  official: false,
  description: 'LatentSync by Bytedance: generate high-quality lip sync animations',
  schema: loadSchema('bytedance__latentsync.json'),
  async run({ input, workDir, signal, publish, behaviour }) {
    // The Cog predictor passes str(None) on to ffprobe when an input is missing.
    if (typeof input.video !== 'string') throw new Error('Invalid or corrupted video file: None');
    if (typeof input.audio !== 'string') throw new Error('Lipsync generation failed: audio file None not found');
    const video = join(workDir, 'input-video');
    const audio = join(workDir, 'input-audio');
    const videoType = await downloadInput(input.video, video, signal);
    await downloadInput(input.audio, audio, signal);
    const isImage = videoType.startsWith('image/');
    const otherCodec = mentions(input, '[mpeg4]');
    const output = join(workDir, otherCodec ? 'video_out.mov' : 'video_out.mp4');
    const spoken = join(workDir, 'spoken.mp4');
    // A face the engine cannot find keeps the frozen answer (real LatentSync would fail; the stand-in's other tests send no face).
    if (behaviour.lipSync === 'synced' && !otherCodec && (await speakWithEngine(video, isImage, audio, spoken, signal))) {
      // Re-muxed as LatentSync muxes: the index at the end.
      await runFfmpeg(['-i', spoken, '-c', 'copy', output], signal);
      return publish(output, 'video/mp4');
    }
    const seconds = await audioSeconds(audio, signal);
    // The clip repeats (or the still holds) for as long as the audio speaks: its mouth never moves.
    const videoInput = isImage ? ['-loop', '1', '-framerate', '25', '-i', video] : ['-stream_loop', '-1', '-i', video];
    // LatentSync muxes with `ffmpeg -c:v libx264 -crf 18 -c:a aac`: no +faststart, the index at the end.
    const codecs = otherCodec ? ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'libmp3lame', '-b:a', '128k'] : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'aac', '-b:a', '128k'];
    await runFfmpeg(
      [
        ...videoInput,
        ...['-i', audio, '-map', '0:v:0', '-map', '1:a:0', '-t', seconds.toFixed(3)],
        ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=25,format=yuv420p', ...codecs, output],
      ],
      signal,
    );
    return publish(output, otherCodec ? 'video/quicktime' : 'video/mp4');
  },
};

/**
 * The face in `video` speaking `audio`, drawn by the embedded engine (its mouth opened with the
 * audio's loudness: the stand-in's speech has no phonemes) on the portrait card, the clip looped
 * forward like LatentSync; false when the engine finds no face. The engine is the built
 * package (`npm test` and `npm start` build it first); Jest maps it to its source.
 */
async function speakWithEngine(video: string, isImage: boolean, audio: string, out: string, signal: AbortSignal): Promise<boolean> {
  const key = await inputsKey(video, isImage, audio);
  const spoken = engineAnswers.has(key) ? engineAnswers.get(key) : await engineRenders.get(key)?.catch(() => undefined);
  if (spoken !== undefined) {
    if (spoken) await writeFile(out, spoken);
    return spoken !== null;
  }
  const rendering = renderWithEngine(video, isImage, audio, out, signal).then(async (found) => (found ? await readFile(out) : null));
  engineRenders.set(key, rendering);
  try {
    const answer = await rendering;
    engineAnswers.set(key, answer);
    return answer !== null;
  } finally {
    engineRenders.delete(key);
  }
}

/**
 * The engine's answers by their inputs (the video's and the audio's bytes): the engine draws the same
 * frames from the same inputs, so a request with inputs already lip-synced in this process gets the
 * same video again (or the same "no face") without the render. The tests send many (the speech
 * stand-in's tone depends on the word count, so lines of one length are the same audio). Requests
 * with the same inputs at once wait for the first render; if it fails (e.g. canceled), each renders its own.
 */
const engineAnswers = new Map<string, Buffer | null>();
/** The renders under way, by their inputs' key. */
const engineRenders = new Map<string, Promise<Buffer | null>>();

async function inputsKey(video: string, isImage: boolean, audio: string): Promise<string> {
  const hash = createHash('sha256').update(isImage ? 'image\n' : 'video\n');
  for (const path of [video, audio]) hash.update(createHash('sha256').update(await readFile(path)).digest('hex')).update('\n');
  return hash.digest('hex');
}

async function renderWithEngine(video: string, isImage: boolean, audio: string, out: string, signal: AbortSignal): Promise<boolean> {
  // eslint-disable-next-line @nx/enforce-module-boundaries -- the stand-in plays a lip-sync provider with our own engine (a plausible answer to check)
  const engine = (await import('@lipcast/media-engine')) as typeof import('@lipcast/media-engine');
  const { decodeAudio, FPS, mouthTrack, NoFaceError, renderPhotoTalkingClip } = engine;
  const speech = await decodeAudio(audio, 16000, signal);
  const track = mouthTrack({ ...speech, phonemes: [] }, FPS);
  try {
    // The portrait card's cheaper landmarks (every 12th frame), not footage's: the stand-in's other tests make many lip-syncs.
    await renderPhotoTalkingClip(video, track, audio, out, { isImage, signal });
    return true;
  } catch (error) {
    if (error instanceof NoFaceError) return false;
    throw error;
  }
}

/** The sample formats MiniMax clones from, by their first bytes: MP3 (an ID3 tag or a frame sync), WAV (RIFF…WAVE), M4A (…ftyp). */
function sampleFormat(head: Buffer): 'mp3' | 'wav' | 'm4a' | undefined {
  if (head.subarray(0, 3).toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'mp3';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WAVE') return 'wav';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'm4a';
  return undefined;
}

const voiceCloning: StandInModel = {
  official: true,
  description: "Clone voices to use with Minimax's speech-02-hd and speech-02-turbo",
  schema: loadSchema('minimax__voice-cloning.json'),
  async run({ input, workDir, signal, publish, voices }) {
    const sample = join(workDir, 'voice-file');
    await downloadInput(String(input.voice_file), sample, signal);
    const bytes = await readFile(sample);
    // MiniMax's own rules for the file (its voice-cloning guide): refused when the model runs, not by the schema.
    if (bytes.length >= 20 * 1024 * 1024) throw new Error('voice clone failed: the voice file must be smaller than 20MB');
    if (!sampleFormat(bytes.subarray(0, 12))) throw new Error('voice clone failed: the voice file must be MP3, M4A or WAV audio');
    const seconds = await audioSeconds(sample, signal).catch(() => {
      throw new Error('voice clone failed: the voice file is not readable audio');
    });
    if (seconds < 10) throw new Error(`voice clone failed: the voice file is ${seconds.toFixed(1)}s long; at least 10s is needed`);
    if (seconds > 300) throw new Error(`voice clone failed: the voice file is ${seconds.toFixed(1)}s long; at most 5 minutes is taken`);
    const model = typeof input.model === 'string' ? input.model : 'speech-02-turbo';
    const voiceId = voices.add();
    // The preview: a short tone, as the speech model would say the preview text in the new voice.
    const preview = join(workDir, 'preview.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=180:duration=1.5', '-c:a', 'libmp3lame', preview], signal);
    return { voice_id: voiceId, preview: publish(preview, 'audio/mpeg'), model };
  },
};

const fluxSchnell: StandInModel = {
  official: true,
  description: 'The fastest image generation model tailored for local development and personal use',
  schema: loadSchema('black-forest-labs__flux-schnell.json'),
  async run({ input, workDir, signal, publish }) {
    const [fullWidth, fullHeight] = FLUX_SIZES[typeof input.aspect_ratio === 'string' ? input.aspect_ratio : '1:1'];
    // cog-flux: megapixels "0.25" halves both sides (integer division).
    const [width, height] = input.megapixels === '0.25' ? [Math.floor(fullWidth / 2), Math.floor(fullHeight / 2)] : [fullWidth, fullHeight];
    const format = typeof input.output_format === 'string' ? input.output_format : 'webp';
    const urls: string[] = [];
    for (let index = 0; index < numberOr(input.num_outputs, 1); index++) {
      const png = join(workDir, `out-${index}.png`);
      await writeFile(png, encodePng(width, height, portrait(width, height, `${String(input.prompt)}#${index}`)));
      const output = join(workDir, `out-${index}.${format}`);
      if (format !== 'png') await runFfmpeg(['-i', png, '-q:v', '3', output], signal);
      urls.push(publish(output, IMAGE_TYPES[format]));
    }
    return urls;
  },
};

const wanImageToVideo: StandInModel = {
  official: true,
  description: 'Wan 2.2 image-to-video, fast',
  schema: loadSchema('wan-video__wan-2.2-i2v-fast.json'),
  async run({ input, workDir, signal, publish }) {
    const image = join(workDir, 'input-image');
    await downloadInput(String(input.image), image, signal);
    const generatedFps = numberOr(input.frames_per_second, 16);
    const fps = input.interpolate_output === true ? 30 : generatedFps;
    const frames = Math.round((numberOr(input.num_frames, 81) * fps) / generatedFps);
    const [long, short] = WAN_SIZES[typeof input.resolution === 'string' ? input.resolution : '480p'];
    // Covers Wan's frame (turned for a portrait input) 6 % larger, then a window of the frame's size pans across it.
    const landscape = (a: number, b: number) => `'if(gte(iw,ih),${a},${b})'`;
    const [scaledLong, scaledShort] = [Math.round((long * 1.06) / 2) * 2, Math.round((short * 1.06) / 2) * 2];
    const filters = [
      `scale=w=${landscape(scaledLong, scaledShort)}:h=${landscape(scaledShort, scaledLong)}:force_original_aspect_ratio=increase`,
      `crop=w=${landscape(long, short)}:h=${landscape(short, long)}:x='(iw-ow)*t/${(frames / fps).toFixed(4)}':y='(ih-oh)/2'`,
      'setsar=1',
      'format=yuv420p',
    ];
    const output = join(workDir, 'output.mp4');
    await runFfmpeg(
      ['-loop', '1', '-framerate', String(fps), '-i', image, '-vf', filters.join(','), '-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'veryfast', '-movflags', '+faststart', output],
      signal,
    );
    return publish(output, 'video/mp4');
  },
};

export const MODELS: Readonly<Record<string, StandInModel>> = {
  'minimax/speech-02-hd': minimaxSpeech('Text-to-Audio (T2A) that offers voice synthesis, emotional expression, and multilingual capabilities. Optimized for high-fidelity applications like voiceovers and audiobooks.'),
  'minimax/speech-02-turbo': minimaxSpeech('Text-to-Audio (T2A) that offers voice synthesis, emotional expression, and multilingual capabilities. Designed for real-time applications with low latency'),
  'minimax/voice-cloning': voiceCloning,
  'bytedance/latentsync': latentSync,
  'black-forest-labs/flux-schnell': fluxSchnell,
  'wan-video/wan-2.2-i2v-fast': wanImageToVideo,
};

/** The first version id of a model on every stand-in, as `POST /v1/predictions {version}` takes it. */
export const versionId = (model: string) => createHash('sha256').update(`stand-in:${model}`).digest('hex');

/** Checks an input against the model's published schema, with Replicate's messages (gojsonschema's wording). */
export function validateInput(model: StandInModel, input: Record<string, unknown>): InvalidField[] {
  const invalid: InvalidField[] = [];
  const { properties, required = [] } = model.schema.Input;
  for (const name of required) {
    if (input[name] === undefined || input[name] === null) invalid.push({ type: 'required', field: 'input', description: `${name} is required` });
  }
  for (const [name, spec] of Object.entries(properties)) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    const field = `input.${name}`;
    const given = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    if (spec.type && !hasType(value, spec.type)) {
      invalid.push({ type: 'invalid_type', field, description: `Invalid type. Expected: ${spec.type}, given: ${given}` });
    } else if (spec.enum && !spec.enum.includes(value as string | number)) {
      invalid.push({ type: 'enum', field, description: `${field} must be one of the following: ${spec.enum.map((choice) => JSON.stringify(choice)).join(', ')}` });
    } else if (spec.format === 'uri' && !URL.canParse(String(value))) {
      invalid.push({ type: 'format', field, description: "Does not match format 'uri'" });
    } else if (typeof value === 'number' && spec.minimum !== undefined && value < spec.minimum) {
      invalid.push({ type: 'number_gte', field, description: `Must be greater than or equal to ${spec.minimum}` });
    } else if (typeof value === 'number' && spec.maximum !== undefined && value > spec.maximum) {
      invalid.push({ type: 'number_lte', field, description: `Must be less than or equal to ${spec.maximum}` });
    }
  }
  return invalid;
}

function hasType(value: unknown, type: NonNullable<PropertySchema['type']>): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === type;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A simple head-and-shoulders figure on a gradient, coloured by the prompt. */
function portrait(width: number, height: number, prompt: string): (x: number, y: number) => Rgb {
  const seed = createHash('sha256').update(prompt).digest();
  const background: Rgb = [60 + (seed[0] % 140), 60 + (seed[1] % 140), 60 + (seed[2] % 140)];
  const skin: Rgb = [170 + (seed[3] % 70), 120 + (seed[4] % 70), 90 + (seed[5] % 60)];
  const shirt: Rgb = [seed[6] % 200, seed[7] % 200, seed[8] % 200];
  const inside = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  return (x, y) => {
    if (inside(x, y, width / 2, height * 1.02, width * 0.42, height * 0.32)) return shirt;
    if (inside(x, y, width / 2, height * 0.4, width * 0.17, height * 0.21)) return skin;
    const shade = 1 - (0.4 * y) / height;
    return [Math.round(background[0] * shade), Math.round(background[1] * shade), Math.round(background[2] * shade)];
  };
}
