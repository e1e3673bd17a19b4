import { readFile } from 'node:fs/promises';
import { Subjects, type CaptionsChoice, type VideoSpec, type Video } from '@lipcast/contracts';
import { synthesizeSpeech } from '@lipcast/media-engine';
import { probeMedia } from '@lipcast/media-tools';
import { seedActorClip, startTestBed, type TestBed } from '../testing';

const ACTOR_ID = 'ipfs-puppet-video-2';
const SCRIPT = 'Captions make every video easier to follow. They show each word as it is said, and they never stay on screen after the speaking stops.';
const BODY: VideoSpec = { actor: ACTOR_ID, script: SCRIPT, voice: 'Friendly_Person', emotion: 'neutral', captions: 'bold' };

jest.setTimeout(180_000);

/** The cues of a WebVTT file: times in milliseconds and their text. */
function parseVtt(vtt: string): { startMs: number; endMs: number; text: string }[] {
  const ms = (clock: string) => {
    const [h, m, s] = clock.split(':');
    return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
  };
  return [...vtt.matchAll(/(\d{2}:\d{2}:\d{2}\.\d{3}) --> (\d{2}:\d{2}:\d{2}\.\d{3})\n([\s\S]*?)\n\n/g)].map((match) => ({
    startMs: ms(match[1]!),
    endMs: ms(match[2]!),
    text: match[3]!.replace(/\n/g, ' '),
  }));
}

describe('captions of a spoken video', () => {
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const finished = async (userId: string, videoId: string): Promise<Video> => {
    for (const deadline = Date.now() + 150_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 300))) {
      const video = await send(Subjects.generation.videoGet, { userId, videoId });
      if (['succeeded', 'failed', 'canceled'].includes(video.status)) return video;
    }
    throw new Error(`video ${videoId} did not finish in time`);
  };

  beforeAll(async () => (bed = await startTestBed((storage, folder) => seedActorClip(storage, ACTOR_ID, folder).then(() => undefined))), 60_000);
  afterAll(() => bed?.close());

  it('stores WebVTT and SRT with the video: the cues cover the spoken words in order, within 150 ms of the engine’s word timings', async () => {
    const user = crypto.randomUUID();
    const created = await send(Subjects.generation.videoCreate, { userId: user, ...BODY });
    const done = await finished(user, created.id);
    expect(done).toMatchObject({ status: 'succeeded', captionsUrl: `/api/media/users/${user}/jobs/${created.id}/captions.vtt` });

    const vtt = await readFile(await bed.download(done.captionsUrl!, 'captions.vtt'), 'utf8');
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const cues = parseVtt(vtt);
    expect(cues.map((cue) => cue.text).join(' ')).toBe(SCRIPT);

    // The same speech from the engine itself (espeak is deterministic): its words, in order.
    const engine = await synthesizeSpeech({ text: SCRIPT, voiceId: BODY.voice, emotion: BODY.emotion });
    let word = 0;
    for (const [index, cue] of cues.entries()) {
      const count = cue.text.split(' ').length;
      const first = engine.words[word]!;
      const last = engine.words[word + count - 1]!;
      expect(cue.text.split(' ')).toEqual(engine.words.slice(word, word + count).map((spoken) => spoken.text));
      expect(Math.abs(cue.startMs - first.startMs)).toBeLessThanOrEqual(150);
      expect(cue.endMs).toBeLessThanOrEqual(last.endMs + 150);
      expect(cue.endMs).toBeGreaterThan(last.startMs);
      if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[index - 1]!.endMs);
      word += count;
    }
    expect(word).toBe(engine.words.length);

    const srt = await readFile(await bed.download(done.captionsUrl!.replace(/\.vtt$/, '.srt'), 'captions.srt'), 'utf8');
    expect(srt).toMatch(/^1\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n/);
    expect(srt.split('\n\n').filter(Boolean)).toHaveLength(cues.length);

    // The burned-in video keeps the lip-sync's frame size and length.
    const info = await probeMedia(await bed.download(done.url!, 'captioned.mp4'));
    expect(info.video?.codec).toBe('h264');
    expect(Math.abs(info.durationSeconds - done.durationSeconds!)).toBeLessThan(0.3);
  });

  it('refuses an unknown caption style before anything is reserved', async () => {
    await expect(send(Subjects.generation.videoCreate, { userId: crypto.randomUUID(), ...BODY, captions: 'neon' as CaptionsChoice })).rejects.toMatchObject({
      message: 'captions must be one of: none, clean, bold, boxed',
    });
  });
});
