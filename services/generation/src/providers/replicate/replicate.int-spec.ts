/* eslint-disable @nx/enforce-module-boundaries -- tests drive the adapters against the local stand-ins */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import type Replicate from 'replicate';
import type { Prediction } from 'replicate';
import { startReplicateStandIn, type ReplicateStandIn } from '../../../../../tools/replicate/stand-in';
import { runFfmpeg } from '../../engine/media/ffmpeg';
import { ProviderError, type MediaFile, type WorkContext } from '../../ports/media';
import type { SpeechRequest } from '../../ports/speech.port';
import { audioDurationSeconds } from './media-edits';
import { createReplicateClient, REPLICATE_MESSAGES, runPrediction, type PollingOptions } from './replicate-client';
import { ReplicateImage } from './replicate-image';
import { ReplicateImageToVideo } from './replicate-image-to-video';
import { ReplicateLipSync } from './replicate-lipsync';
import { createReplicateProviders } from './replicate-providers';
import { minimaxInput, ReplicateSpeech } from './replicate-speech';
import { pollUntil as waitFor } from '../../../../../tools/lib/poll';
import { providerError } from '../../testing';

const TOKEN = 'r8_stand_in_tests';
const FAST: Partial<PollingOptions> = { pollIntervalMs: 10, timeoutMs: 20_000 };

/** Serves the files of a folder, as our object store's presigned URLs would (the stand-in fetches inputs). */
class FileServer {
  private readonly server: Server;
  private url = '';

  constructor(private readonly folder: string) {
    const types: Record<string, string> = { '.png': 'image/png', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg' };
    this.server = createServer((req, res) => {
      const path = join(this.folder, decodeURIComponent(new URL(req.url ?? '/', 'http://files').pathname));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      createReadStream(path).pipe(res);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  input(file: MediaFile) {
    return { url: `${this.url}/${relative(this.folder, file.path)}`, contentType: file.contentType };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}



/** Frames of the first video stream, by decoding it to 2x2 grey pixels. */
async function videoFrames(path: string): Promise<number> {
  const pixels = await runFfmpeg(['-i', path, '-map', '0:v:0', '-vf', 'scale=2:2', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { captureOutput: true });
  return pixels.length / 4;
}

const speechRequest = (text: string): SpeechRequest => ({ text, voiceId: 'Calm_Woman', emotion: 'surprise', pitch: 0, speed: 1, volume: 1, language: 'English' });

describe('Replicate adapters against the stand-in', () => {
  jest.setTimeout(30_000);
  let standIn: ReplicateStandIn;
  let client: Replicate;
  let fileServer: FileServer;
  let workRoot: string;

  beforeAll(async () => {
    workRoot = mkdtempSync(join(tmpdir(), 'replicate-adapters-'));
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 25, processingSteps: 4 });
    client = createReplicateClient({ apiToken: TOKEN, baseUrl: standIn.url });
    fileServer = new FileServer(workRoot);
    await fileServer.start();
  });

  afterAll(async () => {
    await standIn.stop();
    await fileServer.stop();
    rmSync(workRoot, { recursive: true, force: true });
  });

  /** A context whose files land under `workRoot` (served by the file server) and whose progress is recorded. */
  function job(signal = new AbortController().signal) {
    const fractions: number[] = [];
    const context: WorkContext = { signal, workDir: mkdtempSync(join(workRoot, 'job-')), progress: (fraction) => fractions.push(fraction) };
    return { context, fractions };
  }

  /** The stand-in's prediction whose input mentions `marker`, read through the API. */
  async function predictionWith(marker: string): Promise<Prediction | undefined> {
    const page = await client.predictions.list();
    return page.results.find((prediction) => JSON.stringify(prediction.input).includes(marker));
  }

  const expectRisingToOne = (fractions: number[]) => {
    expect(fractions.length).toBeGreaterThan(2);
    fractions.forEach((fraction, index) => expect(fraction).toBeGreaterThanOrEqual(fractions[index - 1] ?? 0));
    expect(fractions.at(-1)).toBe(1);
  };

  describe('speech (minimax/speech-02-hd)', () => {
    const speech = () => new ReplicateSpeech({ client, polling: FAST });

    it('writes an mp3 as long as the words take to say and reports progress rising to 1', async () => {
      const text = 'Twelve words of speech make a clip of about five seconds long.';
      const { context, fractions } = job();
      const result = await speech().synthesize(speechRequest(text), context);

      expect(result.audio.contentType).toBe('audio/mpeg');
      expect(result.audio.path.startsWith(context.workDir)).toBe(true);
      const bytes = readFileSync(result.audio.path);
      expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)).toBe(true);
      expect(bytes.length).toBeGreaterThan(40_000); // ~4.8 s at 128 kbit/s is ~77 kB
      expect(Math.abs(result.durationSeconds - 12 / 2.5)).toBeLessThan(0.3);
      expectRisingToOne(fractions);
    });

    it('sends minimax its own emotion name and language boost, and clamps pitch, speed and volume', async () => {
      expect(minimaxInput({ ...speechRequest('hi'), pitch: 20, speed: 3, volume: -1 })).toEqual({
        text: 'hi',
        voice_id: 'Calm_Woman',
        emotion: 'surprised',
        pitch: 12,
        speed: 2,
        volume: 0,
        language_boost: 'English',
      });
      expect(minimaxInput({ ...speechRequest('hi'), emotion: 'bored' }).emotion).toBe('auto');
      expect(speech().voices()).toHaveLength(17);
      expect(speech().voices()).toContain('Sweet_Girl_2');
    });

    it('follows the prediction through several processing polls, taking progress from its logs', async () => {
      const text = 'Still processing for a while, then done. [polls]';
      const { context, fractions } = job();
      await speech().synthesize(speechRequest(text), context);

      const prediction = await predictionWith('[polls]');
      expect(prediction?.status).toBe('succeeded');
      expect(prediction?.input).toMatchObject({ emotion: 'surprised', language_boost: 'English' });
      expect(prediction?.logs).toContain('100%|');
      // 25 %, 50 %, 75 % of the log's progress bar, each seen on its own poll.
      expect(fractions.filter((fraction) => fraction > 0.1 && fraction < 0.85).length).toBeGreaterThanOrEqual(3);
      expectRisingToOne(fractions);
    });

    it('with Prefer: wait gets the finished prediction from the create request', async () => {
      const { context, fractions } = job();
      const result = await new ReplicateSpeech({ client, polling: { ...FAST, waitSeconds: 10 } }).synthesize(speechRequest('Held until done. [held]'), context);

      expect(statSync(result.audio.path).size).toBeGreaterThan(1000);
      expect(fractions[0]).toBe(0.85); // no starting or processing state was ever seen
      expectRisingToOne(fractions);
    });

    it("fails with the model's error when the prediction fails", async () => {
      const error = await providerError(speech().synthesize(speechRequest('This one breaks. [fail]'), job().context));

      expect(error.kind).toBe('failed');
      expect(error.message).toContain('Simulated model failure ([fail] in the input)');
      expect(error.retryable).toBe(false);
    });

    it('cancels the prediction on Replicate when the job is canceled', async () => {
      const abort = new AbortController();
      const running = speech().synthesize(speechRequest('Never finishes. [slow] [cancel-me]'), job(abort.signal).context);
      const processing = await waitFor(async () => {
        const prediction = await predictionWith('[cancel-me]');
        return prediction?.status === 'processing' ? prediction : undefined;
      });
      abort.abort();

      const error = await providerError(running);
      expect(error.kind).toBe('canceled');
      expect((await client.predictions.get(processing.id)).status).toBe('canceled');
    });

    it('times out with the spec text and cancels the prediction', async () => {
      const started = Date.now();
      const error = await providerError(
        new ReplicateSpeech({ client, polling: { ...FAST, timeoutMs: 400 } }).synthesize(speechRequest('Too slow. [slow] [time-out]'), job().context),
      );

      expect(error.kind).toBe('timeout');
      expect(error.retryable).toBe(true);
      expect(error.message).toBe('The video generation process timed out. This happens with complex videos. Please try again.');
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await predictionWith('[time-out]'))?.status).toBe('canceled');
    });

    it('times out when the create request is never answered', async () => {
      const started = Date.now();
      const error = await providerError(
        new ReplicateSpeech({ client, polling: { ...FAST, timeoutMs: 400 } }).synthesize(speechRequest('No answer. [hang]'), job().context),
      );

      expect(error.kind).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('reports a wrong token with the spec text', async () => {
      const wrongToken = createReplicateClient({ apiToken: 'r8_wrong', baseUrl: standIn.url });
      const error = await providerError(new ReplicateSpeech({ client: wrongToken, polling: FAST }).synthesize(speechRequest('Hello.'), job().context));

      expect(error.kind).toBe('unauthorized');
      expect(error.message).toBe('Authentication failed. Please check your API token.');
      expect(error.retryable).toBe(false);
    });

    it('waits out rate limits as Retry-After says, then succeeds', async () => {
      // The SDK retries a 429 five times at once; the 7th and 8th creates are the adapter's to wait out.
      const started = Date.now();
      const result = await speech().synthesize(speechRequest('Busy at first. [429x8]'), job().context);

      expect(Date.now() - started).toBeGreaterThanOrEqual(950); // one Retry-After: 1
      expect(result.durationSeconds).toBeGreaterThan(0.5);
    });

    it('gives the spec text when the rate limit persists', async () => {
      const error = await providerError(
        new ReplicateSpeech({ client, polling: { ...FAST, rateLimitRetries: 1 } }).synthesize(speechRequest('Always busy. [429x1000]'), job().context),
      );

      expect(error.kind).toBe('rate-limited');
      expect(error.retryable).toBe(true);
      expect(error.message).toBe('Rate limit exceeded. Please try again in a few minutes.');
    });

    it('reports an unreachable Replicate as a network error', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const offline = createReplicateClient({ apiToken: TOKEN, baseUrl: `http://127.0.0.1:${port}/v1` });

      const error = await providerError(new ReplicateSpeech({ client: offline, polling: FAST }).synthesize(speechRequest('Hello.'), job().context));
      expect(error.message).toBe('Network error. Please check your internet connection.');
      expect(error.retryable).toBe(true);
    });
  });

  it("reports input outside the model's schema as invalid input", async () => {
    const error = await providerError(runPrediction(client, { model: 'minimax/speech-02-hd', input: { text: 'Hi.', pitch: 40 } }, job().context, { pollIntervalMs: 10, timeoutMs: 5000 }));

    expect(error.kind).toBe('invalid-input');
    expect(error.message).toContain('input.pitch: Must be less than or equal to 12');
  });

  it('refuses to start without a token', () => {
    for (const apiToken of [undefined, '', '   ']) {
      let thrown: unknown;
      try {
        createReplicateProviders({ apiToken, baseUrl: standIn.url });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ProviderError);
      expect((thrown as ProviderError).kind).toBe('missing-key');
      expect((thrown as ProviderError).message).toBe(REPLICATE_MESSAGES.missingKey);
      expect((thrown as ProviderError).message.startsWith('API key missing')).toBe(true);
    }
  });

  describe('the One Shot chain: image, clip, lip-sync', () => {
    let image: MediaFile;
    let clip: MediaFile;

    it('makes a 640x720 PNG photo from flux-schnell output', async () => {
      const { context, fractions } = job();
      const result = await new ReplicateImage({ client, polling: FAST }).generate({ prompt: 'A smiling woman, smartphone selfie [portrait]', width: 640, height: 720 }, context);
      image = result.image;

      expect(result.kind).toBe('photo');
      expect(image.contentType).toBe('image/png');
      const png = readFileSync(image.path);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 720]);
      expect((await predictionWith('[portrait]'))?.input).toMatchObject({ aspect_ratio: '4:5', output_format: 'png', num_outputs: 1 });
      expectRisingToOne(fractions);
    });

    it('animates the photo and plays the clip forward and back for the requested seconds', async () => {
      const { context, fractions } = job();
      clip = await new ReplicateImageToVideo({ client, polling: FAST }).animate(
        { image: fileServer.input(image), prompt: 'A person speaking to camera [clip]', durationSeconds: 8 },
        context,
      );

      expect(clip.contentType).toBe('video/mp4');
      expect(readFileSync(clip.path).subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(await videoFrames(clip.path)).toBe(8 * 25);
      expect((await predictionWith('[clip]'))?.input).toMatchObject({ num_frames: 81, frames_per_second: 16 });
      expectRisingToOne(fractions);
    });

    it('lip-syncs the clip to the speech: an mp4 as long as the audio', async () => {
      const { audio, durationSeconds } = await new ReplicateSpeech({ client, polling: FAST }).synthesize(
        speechRequest('Hi there, this is my new favourite morning routine.'),
        job().context,
      );
      const { context, fractions } = job();
      const video = await new ReplicateLipSync({ client, polling: FAST }).lipSync(
        { video: fileServer.input(clip), audio: fileServer.input(audio), audioDurationSeconds: durationSeconds },
        context,
      );

      expect(video.contentType).toBe('video/mp4');
      expect(await audioDurationSeconds(video.path)).toBeCloseTo(durationSeconds, 1);
      expect((await videoFrames(video.path)) / 25).toBeCloseTo(durationSeconds, 0);
      expectRisingToOne(fractions);
    });
  });
});
