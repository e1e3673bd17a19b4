import { Injectable } from '@nestjs/common';
import { OpsRegistry } from '@lipcast/nest-kit';
import { ffmpegInfo, type FfmpegInfo } from '@lipcast/media-tools';

/** Shows the ffmpeg in use (path and version) in the operator-only `/status`; asked once per process. */
@Injectable()
export class FfmpegStatusSection {
  private info: Promise<FfmpegInfo> | null = null;

  constructor(ops: OpsRegistry) {
    ops.addSection('ffmpeg', () => (this.info ??= ffmpegInfo().catch((error: unknown) => {
      this.info = null; // asked again next time
      throw error;
    })));
  }
}
