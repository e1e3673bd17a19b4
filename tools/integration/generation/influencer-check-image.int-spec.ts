/* eslint-disable @nx/enforce-module-boundaries -- the test expects the gateway's own upload messages */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AudioUploadMessages, FaceCheckMessages, LIKENESS_CONSENT_TEXT, mediaKeyOf, OwnActorMessages, Subjects, timingsKeyOf, VOICE_CONSENT_TEXT, type AudioUploadAnswer, type OwnActor,
} from '@lipcast/contracts';
import { makeFaceClip } from '@lipcast/media-engine';
import { BROADCAST_SOUND, meterLoudness, probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { UploadMessages } from '../../../gateway/src/media/image-upload';
import { STAND_IN_TRANSCRIPT, startOpenAiStandIn, type OpenAiStandIn } from '../../openai/stand-in';
import { dataUrl, readFaceFixtures, SAMPLE_SHEET, startInfluencerTestBed, type InfluencerTestBed } from './testing';

jest.setTimeout(60_000);

/**
 * `POST /api/ai-influencer/check-image`: the Creator's check of a picture as soon as it is chosen
 * (issue 23). It answers the face check's verdict, charges nothing and keeps nothing.
 */
describe('the check of a chosen picture, before any generation', () => {
  let bed: InfluencerTestBed;
  let openai: OpenAiStandIn;
  let photos: Record<'woman' | 'man' | 'noFace' | 'twoFaces', Buffer>;

  async function checkImage(userId: string | null, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${bed.base}/api/ai-influencer/check-image`, {
      method: 'POST',
      headers: { ...(userId ? { cookie: await bed.signedIn(userId) } : {}), 'content-type': 'application/json', origin: bed.base },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const everythingOf = async (userId: string) => (await bed.storage.list(`users/${userId}/`)).map((object) => object.key);
  const billingOf = (userId: string) => bed.billing.send(Subjects.billing.adminAccountGet, { userId });

  beforeAll(async () => {
    photos = await readFaceFixtures('woman', 'man', 'noFace', 'twoFaces');
    // Answers only: checking a picture makes no clip.
    // A 1 MB limit on own actors' clips and own voices, so that one over it is quick to send.
    process.env.ACTOR_CLIP_MAX_MB = '1';
    process.env.AUDIO_UPLOAD_MAX_MB = '1';
    // OpenAI's stand-in transcribes own voices recorded without text.
    openai = await startOpenAiStandIn({ port: 0, apiKey: 'sk-stand-in-own-voice' });
    bed = await startInfluencerTestBed({ generationEnv: { GENERATION_ROLE: 'api', OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url } });
  });

  afterAll(async () => {
    await bed?.close();
    await openai?.stop();
  });

  it('refuses a picture with no face with the message, and charges and keeps nothing', async () => {
    const userId = randomUUID();
    const before = await billingOf(userId);
    expect(await checkImage(userId, { image: dataUrl(photos.noFace) })).toEqual({ status: 200, body: { ok: false, reason: 'no-face', message: FaceCheckMessages['no-face']('photo') } });
    expect(await checkImage(userId, { image: dataUrl(photos.twoFaces) })).toEqual({ status: 200, body: { ok: false, reason: 'several-faces', message: FaceCheckMessages['several-faces']('photo') } });
    expect(await everythingOf(userId)).toEqual([]);
    const after = await billingOf(userId);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ generationsCount: 0, reservations: [], ledger: [] });
  });

  it('accepts a photo of one face, and charges and keeps nothing', async () => {
    const userId = randomUUID();
    const before = await billingOf(userId);
    expect(await checkImage(userId, { image: dataUrl(photos.man) })).toEqual({ status: 200, body: { ok: true } });
    expect(await checkImage(userId, { image: dataUrl(photos.woman) })).toEqual({ status: 200, body: { ok: true } });
    expect(await everythingOf(userId)).toEqual([]);
    expect(await billingOf(userId)).toEqual(before);
  });

  it('takes only an uploaded picture within the upload limits, from a signed-in user', async () => {
    const userId = randomUUID();
    expect(await checkImage(userId, { image: dataUrl(Buffer.from('not a picture at all'), 'image/png') })).toEqual({ status: 400, body: { message: UploadMessages.notAPicture } });
    expect(await checkImage(userId, { image: '/api/media/users/someone/photo.jpg' })).toMatchObject({ status: 400, body: { message: 'image must be an uploaded picture (a data: URL)' } });
    expect(await checkImage(userId, {})).toMatchObject({ status: 400 });
    // Over 10 MB of picture (the body itself fits the route's 14 MB).
    expect(await checkImage(userId, { image: dataUrl(Buffer.concat([SAMPLE_SHEET, Buffer.alloc(10 * 1024 * 1024)])) })).toEqual({ status: 400, body: { message: UploadMessages.tooManyBytes } });
    expect(await checkImage(null, { image: dataUrl(photos.noFace) })).toMatchObject({ status: 401 });
    expect(await everythingOf(userId)).toEqual([]);
  });

  describe('an own actor: a clip of the creator, uploaded as a stream with their consent', () => {
    let clip: Buffer;

    async function upload(userId: string | null, fields: { consent?: string; name?: string }, file: { bytes: Buffer; type: string } | null = { bytes: clip, type: 'video/mp4' }) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) form.append('clip', new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'me.mp4');
      const response = await fetch(`${bed.base}/api/actors/own`, { method: 'POST', headers: { ...(userId ? { cookie: await bed.signedIn(userId) } : {}), origin: bed.base }, body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }
    const call = async (userId: string, method: 'GET' | 'DELETE', path = '') => {
      const response = await fetch(`${bed.base}/api/actors/own${path}`, { method, headers: { cookie: await bed.signedIn(userId), origin: bed.base } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    beforeAll(async () => {
      // Four seconds of the man swaying (the engine's own-clip fixture), small enough for the 1 MB limit.
      const folder = await mkdtemp(join(tmpdir(), 'own-actor-'));
      clip = await readFile(await makeFaceClip(folder, { width: 320, height: 240 }));
      await rm(folder, { recursive: true, force: true });
    });

    it('keeps a clip of one face as a private actor, lists it with the limits, and deletes it for its owner only', async () => {
      const userId = randomUUID();
      const created = await upload(userId, { consent: 'true', name: 'Me' });
      expect(created).toMatchObject({ status: 201, body: { name: 'Me', width: 320, consent: { subject: 'likeness', text: LIKENESS_CONSENT_TEXT } } });
      const actor = created.body as unknown as OwnActor;
      expect(await call(userId, 'GET')).toEqual({ status: 200, body: { actors: [actor], limits: { minSeconds: 3, maxSeconds: 60, maxMegabytes: 1 } } });
      expect((await fetch(`${bed.base}${actor.url}`, { headers: { cookie: await bed.signedIn(userId) } })).status).toBe(200);
      // Another creator neither sees nor deletes it.
      const stranger = randomUUID();
      expect(await call(stranger, 'GET')).toMatchObject({ body: { actors: [] } });
      expect((await call(stranger, 'DELETE', `/${actor.id}`)).status).toBe(404);
      expect(await call(userId, 'DELETE', `/${actor.id}`)).toEqual({ status: 200, body: { deleted: true } });
      expect(await everythingOf(userId)).toEqual([]);
      expect(await billingOf(userId)).toMatchObject({ generationsCount: 0, reservations: [] });
    });

    it('refuses an upload without consent, without a clip, of another type, over the size limit or signed out, keeping nothing', async () => {
      const userId = randomUUID();
      expect(await upload(userId, { name: 'Me' })).toMatchObject({ status: 400, body: { message: OwnActorMessages.consent } });
      expect(await upload(userId, { consent: 'true', name: 'Me' }, null)).toMatchObject({ status: 400, body: { message: OwnActorMessages.noClip, details: { field: 'clip' } } });
      expect(await upload(userId, { consent: 'true', name: 'Me' }, { bytes: Buffer.from('hello'), type: 'text/plain' })).toMatchObject({ status: 400, body: { message: OwnActorMessages.clipType } });
      expect(await upload(userId, { consent: 'true', name: 'Me' }, { bytes: Buffer.alloc(1024 * 1024 + 1), type: 'video/mp4' })).toEqual({
        status: 413,
        body: { message: OwnActorMessages.tooLarge(1), details: { field: 'clip' } },
      });
      expect((await upload(null, { consent: 'true', name: 'Me' })).status).toBe(401);
      expect(await everythingOf(userId)).toEqual([]);
    });
  });

  describe("a creator's own voice: a recording uploaded as a stream with their consent, kept as the wizard's speech", () => {
    const TEXT = 'Hello there, this is my own voice speaking for my video today.';
    let recordings: Record<'speech' | 'silence' | 'tooLong', Buffer>;

    async function uploadAudio(userId: string, fields: { consent?: string; text?: string }, file: { bytes: Buffer; type: string; name?: string }) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('audio', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name ?? 'recording.webm');
      const response = await fetch(`${bed.base}/api/audio/uploads`, { method: 'POST', headers: { cookie: await bed.signedIn(userId), origin: bed.base }, body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }
    const recordingOf = (bytes: Buffer) => ({ bytes, type: 'audio/webm;codecs=opus' });

    beforeAll(async () => {
      // The wizard's speech of TEXT, re-encoded as a browser's MediaRecorder makes it (WebM, Opus), stands for a recording.
      const speaker = randomUUID();
      const cookie = await bed.signedIn(speaker);
      const speech = await fetch(`${bed.base}/api/replicate/audio`, {
        method: 'POST',
        headers: { cookie, origin: bed.base, 'content-type': 'application/json' },
        body: JSON.stringify({ text: TEXT, voice_id: 'Patient_Man' }),
      });
      const { url } = (await speech.json()) as { url: string };
      const folder = await mkdtemp(join(tmpdir(), 'own-voice-'));
      const file = (name: string) => join(folder, name);
      await writeFile(file('speech.mp3'), Buffer.from(await (await fetch(`${bed.base}${url}`, { headers: { cookie } })).arrayBuffer()));
      await runFfmpeg(['-i', file('speech.mp3'), '-c:a', 'libopus', '-b:a', '48k', file('speech.webm')]);
      await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2', '-c:a', 'libopus', file('silence.webm')]);
      await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=8000:duration=61', '-ac', '1', file('long.wav')]);
      recordings = { speech: await readFile(file('speech.webm')), silence: await readFile(file('silence.webm')), tooLong: await readFile(file('long.wav')) };
      await rm(folder, { recursive: true, force: true });
    });

    it("keeps a recording with consent and its text as the wizard's MP3, its captions' timings following the text, and its voice consent", async () => {
      const userId = randomUUID();
      const uploaded = await uploadAudio(userId, { consent: 'true', text: TEXT }, recordingOf(recordings.speech));
      expect(uploaded).toMatchObject({ status: 201, body: { captions: 'typed', url: expect.stringMatching(new RegExp(`^/api/media/users/${userId}/audio/[^/]+\\.mp3$`)) } });
      const answer = uploaded.body as unknown as AudioUploadAnswer;
      const key = mediaKeyOf(answer.url)!;

      // The MP3 is the recording's length; the upload itself is gone.
      const folder = await mkdtemp(join(tmpdir(), 'own-voice-kept-'));
      await bed.storage.download(key, join(folder, 'voice.mp3'));
      const mp3 = await probeMedia(join(folder, 'voice.mp3'));
      const loudness = await meterLoudness(join(folder, 'voice.mp3'));
      await rm(folder, { recursive: true, force: true });
      // Broadcast-ready as the wizard's speech (issue 36): 48 kHz stereo, -14 LUFS, true peak at most -1 dBTP.
      expect(mp3.audio).toMatchObject({ codec: 'mp3', sampleRate: 48000, channels: 2 });
      expect(Math.abs(loudness.integrated - BROADCAST_SOUND.loudnessLufs)).toBeLessThanOrEqual(1);
      expect(loudness.truePeak).toBeLessThanOrEqual(BROADCAST_SOUND.truePeakDbtp);
      expect(Math.abs(mp3.durationSeconds - answer.durationSeconds)).toBeLessThan(0.15);
      expect(answer.durationSeconds).toBeGreaterThan(2);
      expect((await everythingOf(userId)).sort()).toEqual([key, timingsKeyOf(key)].sort());

      // The words of the text in order, each within the recording, one after another.
      const { words } = JSON.parse(await bed.storage.readText(timingsKeyOf(key))) as { words: { text: string; startMs: number; endMs: number }[] };
      expect(words.map((word) => word.text.toLowerCase().replace(/[^a-z']/g, ''))).toEqual(TEXT.toLowerCase().replace(/[^a-z' ]/g, '').split(' '));
      for (const [index, word] of words.entries()) {
        expect(word.endMs).toBeGreaterThan(word.startMs);
        if (index) expect(word.startMs).toBeGreaterThanOrEqual(words[index - 1].startMs);
      }
      expect(words.at(-1)!.endMs).toBeLessThanOrEqual(answer.durationSeconds * 1000 + 50);

      const { rows: consents } = await bed.database.query('select id, subject, text from generation.likeness_consent where user_id = $1 and media_key = $2', [userId, key]);
      expect(consents).toEqual([{ id: expect.any(String), subject: 'voice', text: VOICE_CONSENT_TEXT }]);

      // A lip-sync with it (of a photo of the user's: this service runs no job) points to that consent.
      const video = `users/${userId}/uploads/${randomUUID()}.jpg`;
      await bed.storage.put(video, photos.man, 'image/jpeg');
      const started = await fetch(`${bed.base}/api/replicate/lipsync`, {
        method: 'POST',
        headers: { cookie: await bed.signedIn(userId), origin: bed.base, 'content-type': 'application/json', prefer: 'respond-async' },
        body: JSON.stringify({ video: `/api/media/${video}`, audio: answer.url }),
      });
      expect([started.status, started.status === 202 ? null : await started.text()]).toEqual([202, null]);
      const { predictionId } = (await started.json()) as { predictionId: string };
      const { rows: jobs } = await bed.database.query('select input from generation.job where id = $1', [predictionId]);
      expect(jobs[0].input).toMatchObject({ audioKey: key, voiceConsentId: consents[0].id });
      await bed.generation.send(Subjects.generation.jobCancel, { userId, jobId: predictionId });
    });

    it("captions a recording without text from OpenAI's transcription of its MP3", async () => {
      const userId = randomUUID();
      const uploaded = await uploadAudio(userId, { consent: 'true' }, recordingOf(recordings.speech));
      expect(uploaded).toMatchObject({ status: 201, body: { captions: 'transcribed' } });
      const key = mediaKeyOf((uploaded.body as unknown as AudioUploadAnswer).url)!;
      const { words } = JSON.parse(await bed.storage.readText(timingsKeyOf(key))) as { words: { text: string; startMs: number; endMs: number }[] };
      expect(words.map((word) => word.text).join(' ')).toBe(STAND_IN_TRANSCRIPT.replace('.', ''));
      expect(openai.transcriptions.at(-1)).toEqual({ model: 'whisper-1', fileName: 'voice.mp3', responseFormat: 'verbose_json', timestampGranularities: ['word'] });
    });

    it('refuses a recording without consent, silent, too long, unreadable, of another type or over the size limit, with the reason beside its field, keeping nothing', async () => {
      const userId = randomUUID();
      const refusal = (message: string, field = 'audio') => ({ status: 400, body: { message, details: expect.objectContaining({ field }) } });
      expect(await uploadAudio(userId, { text: TEXT }, recordingOf(recordings.speech))).toMatchObject({ status: 400, body: { message: AudioUploadMessages.consent } });
      expect(await uploadAudio(userId, { consent: 'true' }, recordingOf(recordings.silence))).toMatchObject(refusal(AudioUploadMessages.silent));
      expect(await uploadAudio(userId, { consent: 'true' }, { bytes: recordings.tooLong, type: 'audio/wav', name: 'long.wav' })).toMatchObject(refusal(AudioUploadMessages.tooLong(60)));
      expect(await uploadAudio(userId, { consent: 'true' }, { bytes: Buffer.from('not audio at all'), type: 'audio/mpeg', name: 'voice.mp3' })).toMatchObject(refusal(AudioUploadMessages.unreadable));
      expect(await uploadAudio(userId, { consent: 'true' }, { bytes: Buffer.from('hello'), type: 'text/plain', name: 'voice.txt' })).toMatchObject(refusal(AudioUploadMessages.audioType));
      expect(await uploadAudio(userId, { consent: 'true' }, { bytes: Buffer.alloc(1024 * 1024 + 1), type: 'audio/wav', name: 'big.wav' })).toEqual({
        status: 413,
        body: { message: AudioUploadMessages.tooLarge(1), details: { field: 'audio' } },
      });
      expect(await everythingOf(userId)).toEqual([]);
      const { rows } = await bed.database.query('select count(*)::int as count from generation.likeness_consent where user_id = $1', [userId]);
      expect(rows[0].count).toBe(0);
    });
  });
});
