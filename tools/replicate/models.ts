/**
 * The models the Replicate stand-in runs: their input schemas (checked like Replicate does, answering
 * 422) and what each produces. Outputs are real media of the right kind, small and quick to make:
 *   minimax/speech-02-hd|turbo  an mp3 tone with a speech-like rhythm, words / 2.5 / speed seconds long
 *   bytedance/latentsync        the input video (looped, or a still image) with the input audio, as long as the audio
 *   black-forest-labs/flux-schnell  a drawn portrait at flux's size for the aspect ratio, png/jpg/webp, an array of URLs
 *   wan-video/wan-2.2-i2v-fast  num_frames / frames_per_second seconds of the input image, slowly panning
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
}

export interface StandInModel {
  validate(input: Record<string, unknown>): InvalidField[];
  /** The prediction's output; a thrown error fails the prediction with its message. */
  run(run: ModelRun): Promise<unknown>;
}

type FieldSpec = { required?: boolean } & (
  | { kind: 'string' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'number'; min: number; max: number; integer?: boolean }
  | { kind: 'boolean' }
);

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

const MINIMAX_EMOTIONS = ['auto', 'neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;
const LANGUAGE_BOOSTS = ['None', 'Automatic', 'English', 'Chinese', 'Spanish', 'French', 'German', 'Portuguese', 'Italian', 'Japanese', 'Korean'] as const;

/** flux-schnell's output size per aspect ratio at 1 megapixel. */
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

const speech: StandInModel = {
  validate: (input) =>
    validate(input, {
      text: { kind: 'string', required: true },
      voice_id: { kind: 'string' },
      emotion: { kind: 'enum', values: MINIMAX_EMOTIONS },
      pitch: { kind: 'number', min: -12, max: 12, integer: true },
      speed: { kind: 'number', min: 0.5, max: 2 },
      volume: { kind: 'number', min: 0, max: 10 },
      sample_rate: { kind: 'number', min: 8000, max: 44100, integer: true },
      bitrate: { kind: 'number', min: 32000, max: 256000, integer: true },
      language_boost: { kind: 'enum', values: LANGUAGE_BOOSTS },
      english_normalization: { kind: 'boolean' },
    }),
  async run({ input, workDir, signal, publish }) {
    const voice = typeof input.voice_id === 'string' ? input.voice_id : 'Wise_Woman';
    // Like minimax: an unknown voice is the model's error, not a schema error.
    if (!(MINIMAX_VOICES as readonly string[]).includes(voice)) throw new Error(`invalid params, voice id not exist: ${voice}`);
    const words = String(input.text).trim().split(/\s+/).filter(Boolean).length;
    const seconds = Math.max(0.6, words / 2.5 / numberOr(input.speed, 1));
    const pitchHz = 140 * 2 ** (numberOr(input.pitch, 0) / 12);
    const amplitude = Math.min(0.9, 0.3 * numberOr(input.volume, 1));
    // A voiced tone with a gliding pitch and a syllable-rate swell: sounds like speech rhythm, is plainly not speech.
    const tone = `${amplitude.toFixed(3)}*sin(2*PI*(${pitchHz.toFixed(1)}+20*sin(2*PI*0.7*t))*t)*(0.55+0.45*sin(2*PI*4*t))`;
    const output = join(workDir, 'output.mp3');
    const sampleRate = numberOr(input.sample_rate, 32000);
    const bitrate = numberOr(input.bitrate, 128000);
    await runFfmpeg(
      ['-f', 'lavfi', '-i', `aevalsrc='${tone}':s=${sampleRate}:d=${seconds.toFixed(3)}`, '-c:a', 'libmp3lame', '-b:a', `${bitrate / 1000}k`, output],
      signal,
    );
    return publish(output, 'audio/mpeg');
  },
};

const latentSync: StandInModel = {
  validate: (input) =>
    validate(input, {
      video: { kind: 'string', required: true },
      audio: { kind: 'string', required: true },
      guidance_scale: { kind: 'number', min: 0, max: 10 },
      inference_steps: { kind: 'number', min: 1, max: 50, integer: true },
      seed: { kind: 'number', min: 0, max: 2 ** 32, integer: true },
    }),
  async run({ input, workDir, signal, publish }) {
    const video = join(workDir, 'input-video');
    const audio = join(workDir, 'input-audio');
    const videoType = await downloadInput(String(input.video), video, signal);
    await downloadInput(String(input.audio), audio, signal);
    const seconds = await audioSeconds(audio, signal);
    // The clip repeats (or the still holds) for as long as the audio speaks, like LatentSync's output.
    const videoInput = videoType.startsWith('image/') ? ['-loop', '1', '-framerate', '25', '-i', video] : ['-stream_loop', '-1', '-i', video];
    const output = join(workDir, 'output.mp4');
    await runFfmpeg(
      [
        ...videoInput,
        ...['-i', audio, '-map', '0:v:0', '-map', '1:a:0', '-t', seconds.toFixed(3)],
        ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=25,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output],
      ],
      signal,
    );
    return publish(output, 'video/mp4');
  },
};

const fluxSchnell: StandInModel = {
  validate: (input) =>
    validate(input, {
      prompt: { kind: 'string', required: true },
      aspect_ratio: { kind: 'enum', values: Object.keys(FLUX_SIZES) },
      num_outputs: { kind: 'number', min: 1, max: 4, integer: true },
      num_inference_steps: { kind: 'number', min: 1, max: 4, integer: true },
      output_format: { kind: 'enum', values: Object.keys(IMAGE_TYPES) },
      output_quality: { kind: 'number', min: 0, max: 100, integer: true },
      megapixels: { kind: 'enum', values: ['1', '0.25'] },
      go_fast: { kind: 'boolean' },
      disable_safety_checker: { kind: 'boolean' },
      seed: { kind: 'number', min: 0, max: 2 ** 32, integer: true },
    }),
  async run({ input, workDir, signal, publish }) {
    const [fullWidth, fullHeight] = FLUX_SIZES[typeof input.aspect_ratio === 'string' ? input.aspect_ratio : '1:1'];
    const scale = input.megapixels === '0.25' ? 0.5 : 1;
    const [width, height] = [Math.round((fullWidth * scale) / 16) * 16, Math.round((fullHeight * scale) / 16) * 16];
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
  validate: (input) =>
    validate(input, {
      image: { kind: 'string', required: true },
      prompt: { kind: 'string', required: true },
      num_frames: { kind: 'number', min: 81, max: 121, integer: true },
      frames_per_second: { kind: 'number', min: 5, max: 30, integer: true },
      resolution: { kind: 'enum', values: ['480p', '720p'] },
      go_fast: { kind: 'boolean' },
      sample_shift: { kind: 'number', min: 1, max: 20 },
      seed: { kind: 'number', min: 0, max: 2 ** 32, integer: true },
    }),
  async run({ input, workDir, signal, publish }) {
    const image = join(workDir, 'input-image');
    await downloadInput(String(input.image), image, signal);
    const frames = numberOr(input.num_frames, 81);
    const fps = numberOr(input.frames_per_second, 16);
    const shortSide = input.resolution === '720p' ? 720 : 480;
    // Scaled 6 % larger than the resolution, then a window of the resolution's size pans across it.
    const scaledShortSide = Math.round((shortSide * 1.06) / 2) * 2;
    const filters = [
      `scale=w='if(lte(iw,ih),${scaledShortSide},-2)':h='if(lte(iw,ih),-2,${scaledShortSide})'`,
      `crop=w='trunc(iw/1.06/2)*2':h='trunc(ih/1.06/2)*2':x='(iw-ow)*t/${(frames / fps).toFixed(4)}':y='(ih-oh)/2'`,
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
  'minimax/speech-02-hd': speech,
  'minimax/speech-02-turbo': speech,
  'bytedance/latentsync': latentSync,
  'black-forest-labs/flux-schnell': fluxSchnell,
  'wan-video/wan-2.2-i2v-fast': wanImageToVideo,
};

/** A fixed version id per model, as `POST /v1/predictions {version}` takes it. */
export const versionId = (model: string) => createHash('sha256').update(`stand-in:${model}`).digest('hex');

export function modelOfVersion(version: string): string | undefined {
  const [name, id] = version.split(':');
  if (MODELS[name] && (!id || id === versionId(name))) return name;
  return Object.keys(MODELS).find((model) => versionId(model) === version);
}

function validate(input: Record<string, unknown>, schema: Record<string, FieldSpec>): InvalidField[] {
  const invalid: InvalidField[] = [];
  for (const [name, spec] of Object.entries(schema)) {
    const value = input[name];
    const field = `input.${name}`;
    if (value === undefined || value === null) {
      if (spec.required) invalid.push({ type: 'required', field: 'input', description: `${name} is required` });
      continue;
    }
    if (spec.kind === 'string' && (typeof value !== 'string' || (spec.required && !value.trim()))) {
      invalid.push({ type: 'invalid_type', field, description: 'Invalid type. Expected: string, given: ' + typeof value });
    } else if (spec.kind === 'enum' && !spec.values.includes(String(value))) {
      invalid.push({ type: 'enum', field, description: `${field} must be one of the following: ${spec.values.map((v) => `"${v}"`).join(', ')}` });
    } else if (spec.kind === 'boolean' && typeof value !== 'boolean') {
      invalid.push({ type: 'invalid_type', field, description: 'Invalid type. Expected: boolean, given: ' + typeof value });
    } else if (spec.kind === 'number') {
      if (typeof value !== 'number' || (spec.integer && !Number.isInteger(value))) {
        invalid.push({ type: 'invalid_type', field, description: `Invalid type. Expected: ${spec.integer ? 'integer' : 'number'}, given: ${typeof value}` });
      } else if (value < spec.min) {
        invalid.push({ type: 'number_gte', field, description: `Must be greater than or equal to ${spec.min}` });
      } else if (value > spec.max) {
        invalid.push({ type: 'number_lte', field, description: `Must be less than or equal to ${spec.max}` });
      }
    }
  }
  return invalid;
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
