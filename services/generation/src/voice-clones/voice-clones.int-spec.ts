import { join } from 'node:path';
import { ErrorCode, Subjects, uploadKey, VOICE_CLONING_UNAVAILABLE } from '@lipcast/contracts';
import { runFfmpeg } from '@lipcast/media-tools';
import { startTestBed, type TestBed } from '../testing';

jest.setTimeout(60_000);

/** On the embedded defaults (no provider key) nothing clones a voice, and both the list and the route say why. */
describe('voice cloning on the embedded defaults', () => {
  let bed: TestBed;

  beforeAll(async () => {
    bed = await startTestBed();
  });

  afterAll(() => bed?.close());

  it('lists no voices with cloning off and the reason, and refuses a clone with CONFLICT and the same reason', async () => {
    const user = crypto.randomUUID();
    expect(await bed.send(Subjects.generation.ownVoicesList, { userId: user })).toEqual({ voices: [], cloning: false, reason: VOICE_CLONING_UNAVAILABLE, sampleSeconds: { min: 10, max: 60 } });
    expect(VOICE_CLONING_UNAVAILABLE).toMatch(/^Voice cloning needs a provider key \(Replicate\)/);

    const path = join(bed.folder, 'recording.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=210:duration=12', '-c:a', 'libmp3lame', '-b:a', '64k', path]);
    const key = uploadKey(user, 'mp3');
    await bed.storage.putFile(key, path, 'audio/mpeg');
    const { url } = await bed.send(Subjects.generation.audioUpload, { userId: user, key, consent: true });
    await expect(bed.send(Subjects.generation.voiceClone, { userId: user, audio: url, consent: true, name: 'Mine' })).rejects.toMatchObject({ code: ErrorCode.Conflict, message: VOICE_CLONING_UNAVAILABLE });
    expect(await bed.storage.list(`users/${user}/voices/`)).toEqual([]);
    // Only the recording's own consent: nothing was recorded for a cloning that never happened.
    expect((await bed.send(Subjects.generation.consentsList, { userId: user })).length).toBe(1);
  });
});
