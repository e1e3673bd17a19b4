import { Logger } from '@nestjs/common';
import type { StorageService } from '@lipcast/nest-kit';
import type { LipSyncPort } from '../ports/lipsync.port';
import { OwnActorPreparation, type ActorToPrepare } from './own-actor-preparation';
import type { OwnActorsRepository } from './own-actors.repository';

const actor = (id: string): ActorToPrepare => ({ userId: 'user-1', actorId: id, clipKey: `users/user-1/actors/${id}/clip.mp4` });

/** The preparation over fake ports: `existing` actors are in the database; the lip-sync runs `work` on each clip (its key) and records what it was given. */
function preparationWith(existing: Set<string>, work: (clipKey: string) => Promise<void> = () => Promise.resolve()) {
  const prepared: string[] = [];
  const removed: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const lipSync = {
    prepareOwnClip: async (clipKey: string, localCopy: () => Promise<string>) => {
      expect(await localCopy()).toMatch(/\/clip\.mp4$/);
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        await work(clipKey);
        prepared.push(clipKey);
      } finally {
        running--;
      }
    },
  } as unknown as LipSyncPort;
  const storage = {
    download: () => Promise.resolve(),
    removeFolder: (folder: string) => Promise.resolve(void removed.push(folder)),
  } as unknown as StorageService;
  const actors = { findOf: (_userId: string, actorId: string) => Promise.resolve(existing.has(actorId) ? { id: actorId } : undefined) } as unknown as OwnActorsRepository;
  return { preparation: new OwnActorPreparation(lipSync, storage, actors), prepared, removed, mostAtOnce: () => mostAtOnce };
}

describe('OwnActorPreparation', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('prepares new actors one at a time, in the order they came', async () => {
    const { preparation, prepared, mostAtOnce } = preparationWith(new Set(['a', 'b']), () => new Promise((resolve) => setTimeout(resolve, 5)));
    const first = preparation.start(actor('a'));
    const second = preparation.start(actor('b'));
    await Promise.all([first.settled, second.settled]);
    expect(prepared).toEqual([actor('a').clipKey, actor('b').clipKey]);
    expect(mostAtOnce()).toBe(1);
  });

  it('leaves nothing behind for an actor deleted while it was prepared, and skips one deleted before its turn', async () => {
    const existing = new Set(['a', 'b']);
    const { preparation, prepared, removed } = preparationWith(existing, (clipKey) => {
      if (clipKey === actor('a').clipKey) ['a', 'b'].forEach((id) => existing.delete(id));
      return Promise.resolve();
    });
    const first = preparation.start(actor('a'));
    await Promise.all([first.settled, preparation.start(actor('b')).settled]);
    expect(prepared).toEqual([actor('a').clipKey]);
    expect(removed).toEqual(['users/user-1/actors/a/']);
  });

  it('logs a failure and goes on with the next actor (the render will do the work itself)', async () => {
    const { preparation, prepared } = preparationWith(new Set(['a', 'b']), (clipKey) => (clipKey === actor('a').clipKey ? Promise.reject(new Error('no face')) : Promise.resolve()));
    await expect(preparation.start(actor('a')).settled).resolves.toBeUndefined();
    await preparation.start(actor('b')).settled;
    expect(prepared).toEqual([actor('b').clipKey]);
    expect(Logger.prototype.warn).toHaveBeenCalledWith(expect.stringContaining('Own actor a not prepared ahead'));
  });

  it('stops on shutdown: what is queued is not started', async () => {
    // The first clip's work holds until released; the test goes on once it has begun (not after a guessed delay).
    let release = () => undefined as void;
    let begun = () => undefined as void;
    const working = new Promise<void>((resolve) => (begun = resolve));
    const { preparation, prepared } = preparationWith(new Set(['a', 'b']), (clipKey) => {
      if (clipKey !== actor('a').clipKey) return Promise.resolve();
      begun();
      return new Promise<void>((resolve) => (release = resolve));
    });
    preparation.start(actor('a'));
    const second = preparation.start(actor('b'));
    await working;
    const stopping = preparation.onModuleDestroy();
    release();
    await stopping;
    await second.settled;
    expect(prepared).toEqual([actor('a').clipKey]);
    expect(Logger.prototype.warn).not.toHaveBeenCalled();
  });
});
