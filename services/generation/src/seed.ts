import 'reflect-metadata';
import { StorageService, validateEnv } from '@lipcast/nest-kit';
import { seedMedia } from './actors/media-seeder';
import { GenerationSettings } from './settings';

/** `node dist/seed.js`: the built-in actors and sample videos, made once per object store before the services start. */
async function main(): Promise<void> {
  const settings = validateEnv(GenerationSettings);
  const started = Date.now();
  const made = await seedMedia(new StorageService(settings), (line) => console.log(`[seed] ${line}`));
  console.log(`[seed] built-in media ready (${made} made) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error('[seed] failed:', error);
  process.exit(1);
});
