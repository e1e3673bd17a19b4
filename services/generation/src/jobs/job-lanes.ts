import { Injectable } from '@nestjs/common';
import type { JobKind } from '@lipcast/contracts';
import { ImageToVideoPort } from '../ports/image.port';
import { LipSyncPort } from '../ports/lipsync.port';
import type { JobLane } from './job-queue';

/**
 * Which lane a kind of job runs in: `provider` when its longest step runs at a provider (it only
 * submits and collects predictions), `cpu` when our engine renders it. One Shot's longest step is
 * its lip-sync.
 */
@Injectable()
export class JobLanes {
  constructor(
    private readonly lipSync: LipSyncPort,
    private readonly imageToVideo: ImageToVideoPort,
  ) {}

  of(kind: JobKind): JobLane {
    const longest = kind === 'image_to_video' ? this.imageToVideo : this.lipSync;
    return longest.name === 'embedded' ? 'cpu' : 'provider';
  }
}
