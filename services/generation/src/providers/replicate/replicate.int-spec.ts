/* eslint-disable @nx/enforce-module-boundaries -- tests drive the adapters against the local stand-ins */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import type Replicate from 'replicate';
import type { Prediction } from 'replicate';
import { encodePng } from '../../../../../tools/replicate/media';
import { startReplicateStandIn, type ReplicateStandIn } from '../../../../../tools/replicate/stand-in';
import { BROADCAST_SOUND, meterLoudness, probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { ProviderError, type MediaFile, type WorkContext } from '../../ports/media';
import type { SpeechRequest } from '../../ports/speech.port';
import { audioDurationSeconds, isFastStartMp4, topLevelBoxes } from './media-edits';
import { createReplicateClient, isFinished, REPLICATE_MESSAGES, ReplicateModel, type PollingOptions } from './replicate-client';
import { ReplicateImage } from './replicate-image';
import { ReplicateImageToVideo } from './replicate-image-to-video';
import { ReplicateLipSync } from './replicate-lipsync';
import { createReplicateProviders } from './replicate-providers';
import { minimaxInput, ReplicateSpeech } from './replicate-speech';
import { cloneTargetOf, ReplicateVoiceClone } from './replicate-voice-clone';
import { pollUntil as waitFor } from '../../../../../tools/lib/poll';
import { providerError } from '../../testing';

const TOKEN = 'r8_stand_in_tests';
const FAST: PollingOptions = { pollIntervalMs: 10, timeoutMs: 20_000 };

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

  describe('voice cloning (minimax/voice-cloning)', () => {
    /** A tone of `seconds` as an MP3 in the served folder: a sample the stand-in's model reads like MiniMax's. */
    async function sample(seconds: number) {
      const path = join(mkdtempSync(join(workRoot, 'sample-')), 'sample.mp3');
      await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=190:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '32k', path]);
      return fileServer.input({ path, contentType: 'audio/mpeg' });
    }

    it('clones a 12 s sample for speech-02-hd, and the speech adapter speaks with the voice id it answers', async () => {
      const { context, fractions } = job();
      const { providerVoiceId } = await new ReplicateVoiceClone({ client, polling: FAST }).clone({ sample: await sample(12) }, context);

      expect(providerVoiceId).toMatch(/^R8_[A-Z0-9]{8}$/);
      expect(standIn.clonedVoices.ids()).toContain(providerVoiceId);
      const sent = standIn.creations.at(-1)!;
      expect(sent).toMatchObject({ model: 'minimax/voice-cloning', endpoint: 'model' });
      expect((await client.predictions.get(sent.id)).input).toMatchObject({ model: 'speech-02-hd', need_volume_normalization: true });
      expectRisingToOne(fractions);
      const speech = await new ReplicateSpeech({ client, polling: FAST }).synthesize({ ...speechRequest('Now in my voice.'), voiceId: providerVoiceId }, job().context);
      expect(speech.durationSeconds).toBeGreaterThan(1);
      expect([cloneTargetOf('minimax/speech-02-turbo'), cloneTargetOf(undefined)]).toEqual(['speech-02-turbo', 'speech-02-hd']);
    });

    it("fails with the model's reason for a sample under 10 s, and sends no model option outside the published two", async () => {
      const error = await providerError(new ReplicateVoiceClone({ client, polling: FAST }).clone({ sample: await sample(4) }, job().context));
      expect(error).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^The model failed: voice clone failed: the voice file is 4\.\d+s long; at least 10s is needed$/) });
      expect(new ReplicateVoiceClone({ client }, 'speech-02-turbo').inputFor({ sample: { url: 'https://example.com/a.mp3', contentType: 'audio/mpeg' } })).toEqual({
        voice_file: 'https://example.com/a.mp3',
        model: 'speech-02-turbo',
        need_volume_normalization: true,
      });
    });
  });

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
      expect(bytes.length).toBeGreaterThan(10_000); // ~4.8 s of the stand-in's tone, re-encoded LAME V2 (VBR): ~21 kB
      expect(Math.abs(result.durationSeconds - 12 / 2.5)).toBeLessThan(0.3);
      // The provider's MP3 made broadcast-ready as the embedded speech is (issue 36).
      expect((await probeMedia(result.audio.path)).audio).toMatchObject({ codec: 'mp3', sampleRate: 48000, channels: 2 });
      expect(Math.abs((await meterLoudness(result.audio.path)).integrated - BROADCAST_SOUND.loudnessLufs)).toBeLessThanOrEqual(1);
      expectRisingToOne(fractions);
    });

    it('sends minimax its own emotion name and language boost, and clamps pitch, speed and volume', async () => {
      expect(minimaxInput({ ...speechRequest('hi'), pitch: 20, speed: 3, volume: -1 })).toEqual({
        text: 'hi',
        voice_id: 'Calm_Woman',
        emotion: 'surprised',
        pitch: 12,
        speed: 2,
        volume: 0.1,
        language_boost: 'English',
      });
      expect(minimaxInput({ ...speechRequest('hi'), emotion: 'bored' }).emotion).toBe('auto');
      expect(speech().voices()).toHaveLength(17);
      expect(speech().voices()).toContain('Sweet_Girl_2');
    });

    it("sends volume 0 as MiniMax's quietest accepted volume instead of failing (MiniMax takes (0, 10])", async () => {
      const { context } = job();
      const result = await speech().synthesize({ ...speechRequest('Whispered almost silently. [quiet]'), volume: 0 }, context);

      expect(result.durationSeconds).toBeGreaterThan(0.5);
      expect((await predictionWith('[quiet]'))?.input).toMatchObject({ volume: 0.1 });
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
    const minimax = new ReplicateModel({ client }, { model: 'minimax/speech-02-hd', polling: { pollIntervalMs: 10, timeoutMs: 5000 } });
    const error = await providerError(minimax.run({ text: 'Hi.', pitch: 40 }, job().context));

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

  describe('runs each model by what it is', () => {
    const LATENTSYNC = 'bytedance/latentsync';
    /** A lip-sync input that keeps the prediction processing ([slow]) until it is canceled: only the create matters here. */
    const pendingLipSync = (marker: string) => ({ video: `http://127.0.0.1:9/clip.mp4?${marker}[slow]`, audio: 'http://127.0.0.1:9/voice.mp3' });
    const requestsSince = (start: number) => standIn.requests.slice(start).map(({ method, path, status }) => `${method} ${path} ${status}`);
    const creationOf = (prediction: Prediction) => standIn.creations.find((creation) => creation.id === prediction.id);

    async function createAndCancel(model: ReplicateModel, input: Record<string, unknown>): Promise<Prediction> {
      const prediction = await model.create(input, new AbortController().signal);
      await model.cancel(prediction.id);
      expect(isFinished(await model.get(prediction.id, new AbortController().signal))).toBe(true);
      return prediction;
    }

    it('runs an official model (minimax) on its model endpoint', async () => {
      const start = standIn.requests.length;
      const prediction = await createAndCancel(new ReplicateSpeech({ client, polling: FAST }).replicate, { text: 'Official. [slow]' });

      expect(creationOf(prediction)).toMatchObject({ model: 'minimax/speech-02-hd', endpoint: 'model' });
      expect(requestsSince(start)[0]).toBe('POST /v1/models/minimax/speech-02-hd/predictions 201');
    });

    it('runs a community model (LatentSync) by its latest version after the model endpoint answers 404, then straight by version', async () => {
      const latentSync = new ReplicateLipSync({ client, polling: FAST }).replicate;
      const start = standIn.requests.length;
      const first = await createAndCancel(latentSync, pendingLipSync('[first]'));

      expect(creationOf(first)).toEqual({ id: first.id, model: LATENTSYNC, version: standIn.latestVersion(LATENTSYNC), endpoint: 'version' });
      expect(requestsSince(start).slice(0, 3)).toEqual([`POST /v1/models/${LATENTSYNC}/predictions 404`, `GET /v1/models/${LATENTSYNC} 200`, 'POST /v1/predictions 201']);

      const again = standIn.requests.length;
      const second = await createAndCancel(latentSync, pendingLipSync('[second]'));
      expect(creationOf(second)).toMatchObject({ endpoint: 'version', version: standIn.latestVersion(LATENTSYNC) });
      expect(requestsSince(again)[0]).toBe('POST /v1/predictions 201'); // the version is cached: no 404, no models.get
    });

    it('reads the latest version again when the cached one is removed', async () => {
      const latentSync = new ReplicateLipSync({ client, polling: FAST }).replicate;
      const old = (await createAndCancel(latentSync, pendingLipSync('[before]'))).version;
      const published = standIn.publishVersion(LATENTSYNC, { removePrevious: true });

      const start = standIn.requests.length;
      const prediction = await createAndCancel(latentSync, pendingLipSync('[after]'));
      expect(published).not.toBe(old);
      expect(creationOf(prediction)).toMatchObject({ endpoint: 'version', version: published });
      expect(requestsSince(start).slice(0, 3)).toEqual(['POST /v1/predictions 422', `GET /v1/models/${LATENTSYNC} 200`, 'POST /v1/predictions 201']);
    });

    it('runs a pinned owner/name:version by that version, official or not, without asking for the latest', async () => {
      for (const name of ['minimax/speech-02-hd', LATENTSYNC]) {
        const version = standIn.latestVersion(name);
        const model = new ReplicateModel({ client, model: `${name}:${version}` }, { model: name, polling: FAST });
        const start = standIn.requests.length;
        const input = name === LATENTSYNC ? pendingLipSync('[pinned]') : { text: 'Pinned. [slow]' };
        const prediction = await createAndCancel(model, input);

        expect(creationOf(prediction)).toMatchObject({ model: name, version, endpoint: 'version' });
        expect(requestsSince(start)[0]).toBe('POST /v1/predictions 201');
      }
    });

    it('fails clearly when a pinned version is gone or the model does not exist', async () => {
      const removed = standIn.latestVersion('minimax/speech-02-turbo');
      standIn.publishVersion('minimax/speech-02-turbo', { removePrevious: true });
      const pinned = new ReplicateModel({ client, model: `minimax/speech-02-turbo:${removed}` }, { model: 'minimax/speech-02-turbo', polling: FAST });
      const gone = await providerError(pinned.create({ text: 'Hi.' }, new AbortController().signal));
      expect(gone.kind).toBe('failed');
      expect(gone.message).toContain(`Replicate cannot run minimax/speech-02-turbo:${removed}`);

      const unknown = new ReplicateModel({ client, model: 'nobody/nothing' }, { model: 'nobody/nothing', polling: FAST });
      const missing = await providerError(unknown.create({ text: 'Hi.' }, new AbortController().signal));
      expect(missing.message).toBe('Replicate has no model nobody/nothing: check the REPLICATE_*_MODEL setting.');
    });
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
      expect((await probeMedia(clip.path)).video).toMatchObject({ codec: 'h264', width: 640, height: 720 }); // Wan made 480x832
      expect((await predictionWith('[clip]'))?.input).toMatchObject({ num_frames: 81, frames_per_second: 16, resolution: '480p' });
      expectRisingToOne(fractions);
    });

    let speech: { audio: MediaFile; durationSeconds: number };

    it('lip-syncs the clip to the speech with LatentSync run by version: an mp4 as long as the audio, re-muxed with its index first', async () => {
      speech = await new ReplicateSpeech({ client, polling: FAST }).synthesize(speechRequest('Hi there, this is my new favourite morning routine.'), job().context);
      const { context, fractions } = job();
      const video = await new ReplicateLipSync({ client, polling: FAST }).lipSync(
        { video: fileServer.input(clip), audio: fileServer.input(speech.audio), audioDurationSeconds: speech.durationSeconds },
        context,
      );

      expect(video.contentType).toBe('video/mp4');
      expect(await audioDurationSeconds(video.path)).toBeCloseTo(speech.durationSeconds, 1);
      expect((await videoFrames(video.path)) / 25).toBeCloseTo(speech.durationSeconds, 0);
      expectRisingToOne(fractions);
      // LatentSync's own file has its index at the end; ours has it first, with the same H.264 + AAC.
      const latentSync = standIn.creations.at(-1)!;
      expect(latentSync).toMatchObject({ model: 'bytedance/latentsync', endpoint: 'version', version: standIn.latestVersion('bytedance/latentsync') });
      const original = join(context.workDir, 'original.mp4');
      writeFileSync(original, Buffer.from(await (await fetch((await client.predictions.get(latentSync.id)).output as string)).arrayBuffer()));
      const boxes = await topLevelBoxes(original);
      expect(boxes.indexOf('mdat')).toBeLessThan(boxes.indexOf('moov'));
      expect(await isFastStartMp4(video.path)).toBe(true);
      expect(await probeMedia(video.path)).toMatchObject({ video: { codec: 'h264', pixelFormat: 'yuv420p' }, audio: { codec: 'aac' } });
    });

    it('re-encodes a lip-sync output in another codec and container to H.264 + AAC, index first', async () => {
      const { context } = job();
      // [mpeg4] makes the stand-in's LatentSync answer with MPEG-4 Part 2 video and MP3 sound in a QuickTime file.
      const otherCodec = { ...fileServer.input(clip), url: `${fileServer.input(clip).url}?look=[mpeg4]` };
      const video = await new ReplicateLipSync({ client, polling: FAST }).lipSync(
        { video: otherCodec, audio: fileServer.input(speech.audio), audioDurationSeconds: speech.durationSeconds },
        context,
      );

      const output = (await client.predictions.get(standIn.creations.at(-1)!.id)).output as string;
      expect(output.endsWith('.mov')).toBe(true);
      expect(video).toEqual({ path: join(context.workDir, 'lipsync.mp4'), contentType: 'video/mp4' });
      expect(await isFastStartMp4(video.path)).toBe(true);
      expect(await probeMedia(video.path)).toMatchObject({ video: { codec: 'h264', pixelFormat: 'yuv420p', width: 640, height: 720 }, audio: { codec: 'aac' } });
      expect(await audioDurationSeconds(video.path)).toBeCloseTo(speech.durationSeconds, 1);
    });

    it("frames a lip-sync output in the requested format (9:16 at 720p) with its captions burned in by the same pass, H.264 + AAC, index first", async () => {
      const { context } = job();
      const word = { text: 'Hello', startMs: 0, endMs: 800 };
      const captions = { cues: [{ startMs: 0, endMs: 800, lines: ['Hello'], words: [word] }], style: 'bold' as const, width: 720, height: 1280 };
      const video = await new ReplicateLipSync({ client, polling: FAST }).lipSync(
        { video: fileServer.input(clip), audio: fileServer.input(speech.audio), audioDurationSeconds: speech.durationSeconds, format: '9x16-720p', captions },
        context,
      );
      // The captions are in the framing's encode: the caller makes no second pass.
      expect(video).toEqual({ path: join(context.workDir, 'lipsync.mp4'), contentType: 'video/mp4', captionsBurned: true });
      expect(await isFastStartMp4(video.path)).toBe(true);
      expect(await probeMedia(video.path)).toMatchObject({ video: { codec: 'h264', pixelFormat: 'yuv420p', width: 720, height: 1280 }, audio: { codec: 'aac' } });
      expect(await audioDurationSeconds(video.path)).toBeCloseTo(speech.durationSeconds, 1);
    });
  });

  it("crops Wan's 832x480 clip of a landscape picture to the requested 640x720: cropped in the middle, never stretched", async () => {
    // 960x540: red on the left fifth, blue on the right fifth, green between.
    const landscape = join(mkdtempSync(join(workRoot, 'picture-')), 'landscape.png');
    writeFileSync(landscape, encodePng(960, 540, (x) => (x < 192 ? [230, 20, 20] : x >= 768 ? [20, 20, 230] : [20, 200, 20])));
    const { context } = job();
    const clip = await new ReplicateImageToVideo({ client, polling: FAST }).animate(
      { image: fileServer.input({ path: landscape, contentType: 'image/png' }), prompt: 'A wide shot [landscape]', durationSeconds: 2, width: 640, height: 720 },
      context,
    );

    const wan = (await client.predictions.get(standIn.creations.at(-1)!.id)).output as string;
    const wanFile = join(context.workDir, 'wan.mp4');
    writeFileSync(wanFile, Buffer.from(await (await fetch(wan)).arrayBuffer()));
    expect((await probeMedia(wanFile)).video).toMatchObject({ width: 832, height: 480 });
    expect((await probeMedia(clip.path)).video).toMatchObject({ width: 640, height: 720 });
    // Stretched, the edges would be red and blue; cropped, only the green middle remains.
    const frame = await runFfmpeg(['-i', clip.path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { captureOutput: true });
    for (const x of [4, 320, 635]) {
      const at = (360 * 640 + x) * 3;
      const [red, green, blue] = [frame[at], frame[at + 1], frame[at + 2]];
      expect(green).toBeGreaterThan(150);
      expect(Math.max(red, blue)).toBeLessThan(80);
    }
  });
});
