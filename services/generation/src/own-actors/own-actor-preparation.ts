import { basename, join } from 'node:path';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ownActorFolder } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { LipSyncPort } from '../ports/lipsync.port';
import { withWorkDir } from '../providers/work';
import { OwnActorsRepository } from './own-actors.repository';

/** A new own actor whose clip is to be prepared. */
export interface ActorToPrepare {
  userId: string;
  actorId: string;
  clipKey: string;
}

/**
 * Prepares each new own actor's clip for the lip-sync in use (the embedded engine finds and keeps its
 * landmarks) in the background of the process that checked it, one clip at a time, while the creator
 * writes their script: their first render then starts with that work done. It is only a head start:
 * a render that comes first does the work itself, and a failure here is logged and forgotten. The
 * clip is read again from the store when its turn comes, if the work needs it (a queue of clips is not
 * held on disk). An actor deleted meanwhile leaves nothing of it behind.
 */
@Injectable()
export class OwnActorPreparation implements OnModuleDestroy {
  private readonly logger = new Logger(OwnActorPreparation.name);
  private readonly stopping = new AbortController();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly lipSync: LipSyncPort,
    private readonly storage: StorageService,
    private readonly actors: OwnActorsRepository,
  ) {}

  /** Queues the actor's clip and returns; `settled` resolves once it is prepared (or given up). */
  start(actor: ActorToPrepare): { settled: Promise<void> } {
    const settled = this.queue.then(() =>
      this.prepare(actor).catch((error: unknown) => {
        if (!this.stopping.signal.aborted) this.logger.warn(`Own actor ${actor.actorId} not prepared ahead (its first render will do it): ${String(error)}`);
      }),
    );
    this.queue = settled;
    return { settled };
  }

  private async prepare({ userId, actorId, clipKey }: ActorToPrepare): Promise<void> {
    const { signal } = this.stopping;
    if (signal.aborted || !(await this.actors.findOf(userId, actorId))) return;
    await withWorkDir({ signal }, async ({ workDir }) => {
      const localCopy = async () => {
        const localPath = join(workDir, basename(clipKey));
        await this.storage.download(clipKey, localPath);
        return localPath;
      };
      await this.lipSync.prepareOwnClip(clipKey, localCopy, signal);
    });
    // Deleted while it was prepared: what was just kept beside its clip goes too.
    if (!(await this.actors.findOf(userId, actorId))) await this.storage.removeFolder(ownActorFolder(userId, actorId));
  }

  /** Stops the clip being prepared (its render will do the work) before the database and the store close. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.queue;
  }
}
