import { join } from 'node:path';
import type { StorageService } from '@lipcast/nest-kit';
import { actorClipKey } from './actors/catalog';
import { builtInActor } from './engine/characters/actors';
import { renderIdleClip } from './engine/characters/animation';

/** For tests: one built-in actor's clip in the store, as the seed step makes it; returns its media URL. */
export async function seedActorClip(storage: StorageService, actorId: string, folder: string): Promise<string> {
  const actor = builtInActor(actorId);
  if (!actor) throw new Error(`No built-in actor ${actorId}`);
  const clip = join(folder, `${actorId}.mp4`);
  await renderIdleClip(actor.look, actor.durationSeconds, clip);
  await storage.ensureBucket();
  await storage.putFile(actorClipKey(actorId), clip, 'video/mp4');
  return `/api/media/${actorClipKey(actorId)}`;
}
