import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actorClipKey, actorThumbnailKey, POSTER_CONTENT_TYPES, SAMPLE_POSTER_WIDTHS, sampleKey, samplePosterKey, type PosterFormat } from '@lipcast/contracts';
import type { StorageService } from '@lipcast/nest-kit';
import { BUILT_IN_ACTORS, builtInActor, encodeWav, FPS, mouthTrack, renderIdleClip, renderPortrait, renderTalkingClip, synthesizeSpeech, type BuiltInActor } from '@lipcast/media-engine';
import { EXAMPLE_SAMPLES, HERO_SAMPLES, type SampleSpec } from './catalog';
import { renderSamplePoster } from './sample-posters';

/** What the seed makes: everything by default; tests name a part. */
export interface SeedCatalog {
  actors: readonly BuiltInActor[];
  samples: readonly SampleSpec[];
}

const FULL_CATALOG: SeedCatalog = { actors: BUILT_IN_ACTORS, samples: [...HERO_SAMPLES, ...EXAMPLE_SAMPLES] };

/**
 * Draws the built-in actors' idle clips and thumbnails and the landing page's samples with their
 * posters into the object store. Objects already there are kept (keys are versioned), so re-running
 * is quick, and a new poster version is made from the stored video.
 */
export async function seedMedia(storage: StorageService, log: (line: string) => void, catalog: SeedCatalog = FULL_CATALOG): Promise<number> {
  await storage.ensureBucket();
  const folder = await mkdtemp(join(tmpdir(), 'lipcast-seed-'));
  let made = 0;
  const localPath = (key: string) => join(folder, key.replaceAll('/', '_'));
  const ensure = async (key: string, contentType: string, render: (path: string) => Promise<void>) => {
    if (await storage.stat(key)) return;
    const path = localPath(key);
    await render(path);
    await storage.putFile(key, path, contentType);
    made++;
    log(`made ${key}`);
  };
  try {
    for (const actor of catalog.actors) {
      await ensure(actorClipKey(actor.id), 'video/mp4', (path) => renderIdleClip(actor.look, actor.durationSeconds, path));
      await ensure(actorThumbnailKey(actor.id), 'image/jpeg', (path) => renderPortrait(actor.look, path));
    }
    for (const sample of catalog.samples) {
      const video = sampleKey(sample.id);
      let videoPath: string | null = null;
      await ensure(video, 'video/mp4', async (path) => {
        await renderSample(sample, path);
        videoPath = path;
      });
      /** The sample's video on disk: the one just made, or the stored one when only posters are missing. */
      const localVideo = async () => {
        if (!videoPath) {
          videoPath = localPath(video);
          await storage.download(video, videoPath);
        }
        return videoPath;
      };
      for (const format of Object.keys(POSTER_CONTENT_TYPES) as PosterFormat[]) {
        for (const width of SAMPLE_POSTER_WIDTHS) {
          await ensure(samplePosterKey(sample.id, format, width), POSTER_CONTENT_TYPES[format], async (path) => renderSamplePoster(await localVideo(), format, width, path));
        }
      }
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
