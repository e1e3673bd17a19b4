import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actorClipKey, actorThumbnailKey, sampleKey } from '@lipcast/contracts';
import type { StorageService } from '@lipcast/nest-kit';
import { BUILT_IN_ACTORS, builtInActor, encodeWav, FPS, mouthTrack, renderIdleClip, renderPortrait, renderTalkingClip, synthesizeSpeech } from '@lipcast/media-engine';
import { EXAMPLE_SAMPLES, HERO_SAMPLES, type SampleSpec } from './catalog';

/**
 * Draws the built-in actors' idle clips and thumbnails and the landing page's samples into the
 * object store. Objects already there are kept (keys are versioned), so re-running is quick.
 */
export async function seedMedia(storage: StorageService, log: (line: string) => void): Promise<number> {
  await storage.ensureBucket();
  const folder = await mkdtemp(join(tmpdir(), 'lipcast-seed-'));
  let made = 0;
  const ensure = async (key: string, contentType: string, render: (path: string) => Promise<void>) => {
    if (await storage.stat(key)) return;
    const path = join(folder, key.replaceAll('/', '_'));
    await render(path);
    await storage.putFile(key, path, contentType);
    made++;
    log(`made ${key}`);
  };
  try {
    for (const actor of BUILT_IN_ACTORS) {
      await ensure(actorClipKey(actor.id), 'video/mp4', (path) => renderIdleClip(actor.look, actor.durationSeconds, path));
      await ensure(actorThumbnailKey(actor.id), 'image/jpeg', (path) => renderPortrait(actor.look, path));
    }
    for (const sample of [...HERO_SAMPLES, ...EXAMPLE_SAMPLES]) {
      await ensure(sampleKey(sample.id), 'video/mp4', (path) => renderSample(sample, path));
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return made;
}

async function renderSample(sample: SampleSpec, out: string): Promise<void> {
  const actor = builtInActor(sample.actorId);
  if (!actor) throw new Error(`No built-in actor ${sample.actorId} for sample ${sample.id}`);
  const speech = await synthesizeSpeech({ text: sample.line, voiceId: sample.voiceId, emotion: sample.emotion });
  const audioPath = `${out}.wav`;
  await writeFile(audioPath, encodeWav(speech));
  await renderTalkingClip(actor.look, mouthTrack(speech, FPS), audioPath, out);
}
