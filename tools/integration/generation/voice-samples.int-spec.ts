/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real generation service beside the gateway and probes its audio with the engine's ffmpeg */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { mediaUrl, VOICE_EMOTIONS, voiceSampleKey } from '@lipcast/contracts';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { probeMedia } from '@lipcast/media-tools';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';

jest.setTimeout(90_000);

const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET: randomBytes(24).toString('hex'), RATE_LIMIT_STORE: 'memory' });

/** A voice can be heard before it is chosen: each sample is made once by the speech provider, kept in the store, and served from there. */
describe('voice samples (GET /api/voices/:voiceId/sample)', () => {
  const storage = new StorageService(settings);
  let generation: RunningService;
  let gateway: INestApplication;
  let base: string;
  let scratch: string;

  /** The sample's redirect, then the audio it leads to, as a browser's audio element follows it (signed out). */
  async function listen(path: string) {
    const redirect = await fetch(`${base}${path}`, { redirect: 'manual' });
    const location = redirect.headers.get('location');
    const audio = location ? await fetch(`${base}${location}`) : null;
    return { redirect, location, audio, bytes: audio ? Buffer.from(await audio.arrayBuffer()) : null };
  }

  async function errorOf(path: string) {
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }

  beforeAll(async () => {
    await runMigrations(ormConfig(settings.DATABASE_URL));
    generation = await startServiceForTest(generationService);
    await storage.ensureBucket();
    gateway = await createGateway(settings);
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    scratch = await mkdtemp(join(tmpdir(), 'voice-samples-'));
  });

  afterAll(async () => {
    await gateway?.close();
    await generation?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('stores the sample on the first request and answers playable audio; later requests are served from the store', async () => {
    const key = voiceSampleKey('embedded', 'Abbess', 'happy');
    await storage.remove(key); // a sample an earlier run left behind
    expect(await storage.stat(key)).toBeNull();

    const first = await listen('/api/voices/Abbess/sample?emotion=happy');
    expect(first.redirect.status).toBe(302);
    expect(first.location).toBe(mediaUrl(key));
    const stored = await storage.stat(key);
    expect(stored).toMatchObject({ contentType: 'audio/mpeg' });
    expect(first.audio?.status).toBe(200);
    expect(first.audio?.headers.get('content-type')).toBe('audio/mpeg');
    expect(first.bytes?.length).toBe(stored?.size);
    const file = join(scratch, 'sample.mp3');
    await writeFile(file, first.bytes!);
    const info = await probeMedia(file);
    expect(info.audio?.codec).toBe('mp3');
    // "Hi, I'm Serene Woman. This is how I sound.": nine words, a few seconds of speech.
    expect(info.durationSeconds).toBeGreaterThan(1.5);
    expect(info.durationSeconds).toBeLessThan(8);

    const second = await listen('/api/voices/Abbess/sample?emotion=happy');
    expect(second.location).toBe(mediaUrl(key));
    expect(second.bytes?.equals(first.bytes!)).toBe(true);
    const after = await storage.stat(key);
    expect(after?.etag).toBe(stored?.etag);
    expect(after?.lastModified.getTime()).toBe(stored?.lastModified.getTime());

    // A stored sample is never made again: what the store holds is what a listener gets.
    const kept = first.bytes!.subarray(0, 4096);
    await storage.put(key, kept, 'audio/mpeg');
    const third = await listen('/api/voices/Abbess/sample?emotion=happy');
    expect(third.bytes?.equals(kept)).toBe(true);
    await storage.remove(key);
  });

  it('speaks in the emotion asked for, neutral by default', async () => {
    await storage.remove(voiceSampleKey('embedded', 'Deep_Voice_Man', 'neutral'));
    await storage.remove(voiceSampleKey('embedded', 'Deep_Voice_Man', 'surprised'));
    const neutral = await listen('/api/voices/Deep_Voice_Man/sample');
    const surprised = await listen('/api/voices/Deep_Voice_Man/sample?emotion=surprised');
    expect(neutral.location).toBe(mediaUrl(voiceSampleKey('embedded', 'Deep_Voice_Man', 'neutral')));
    expect(surprised.location).toBe(mediaUrl(voiceSampleKey('embedded', 'Deep_Voice_Man', 'surprised')));
    expect(neutral.bytes?.length).toBeGreaterThan(1000);
    expect(surprised.bytes?.equals(neutral.bytes!)).toBe(false);
  });

  it('refuses voices and emotions that do not exist, with a clear message, and stores nothing', async () => {
    expect(await errorOf('/api/voices/Nobody/sample')).toEqual({ status: 404, body: { message: 'Unknown voice: Nobody' } });
    expect(await storage.stat(voiceSampleKey('embedded', 'Nobody', 'neutral'))).toBeNull();
    expect(await errorOf('/api/voices/Abbess/sample?emotion=bored')).toMatchObject({ status: 400, body: { message: `emotion must be one of: ${VOICE_EMOTIONS.join(', ')}` } });
    expect(await errorOf('/api/voices/..%2Fusers/sample')).toMatchObject({ status: 400, body: { message: 'voiceId must be a voice id such as Wise_Woman' } });
  });
});
