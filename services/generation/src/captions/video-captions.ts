import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { mediaUrl, type CaptionFiles, type CaptionsChoice } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { buildCues, burnCaptions, captionLayout, probeMedia, toSrt, toWebVtt } from '@lipcast/media-tools';
import type { JobResult } from '../jobs/job.entity';
import type { JobOutputs } from '../jobs/job-outputs';
import type { JobContext } from '../jobs/job-worker';
import type { TimedUnit } from '../ports/speech.port';

/** A job's captions as its result keeps them (object keys). */
export interface CaptionKeys {
  vtt: string;
  srt: string;
}

/** The captions of a job's result on the media route, if it made any. */
export function captionFilesOf(result: JobResult | null | undefined): CaptionFiles | undefined {
  const keys = result?.captions as Partial<CaptionKeys> | undefined;
  return typeof keys?.vtt === 'string' && typeof keys.srt === 'string' ? { vttUrl: mediaUrl(keys.vtt), srtUrl: mediaUrl(keys.srt) } : undefined;
}

/**
 * Captions for a lip-synced video, made after the lip-sync: the speech's words → cues laid out for
 * the video's own frame size → WebVTT and SRT stored in the job's folder, and, when a style is
 * chosen, burned into the picture (a separate ffmpeg pass, so it works for any format and any
 * lip-sync provider).
 */
@Injectable()
export class VideoCaptions {
  constructor(private readonly storage: StorageService) {}

  /**
   * Stores the captions of `videoPath` and returns the video to keep: the captioned one when
   * `style` burns them in, else `videoPath`. No words (audio without timings): no captions, the
   * video as it is.
   */
  async make(videoPath: string, words: readonly TimedUnit[] | undefined, style: CaptionsChoice | undefined, context: JobContext): Promise<string> {
    if (!words?.length) return videoPath;
    const { video } = await probeMedia(videoPath);
    if (!video?.width || !video.height) return videoPath;
    const cues = buildCues(words, { maxCharsPerLine: captionLayout(video.width, video.height).maxCharsPerLine });
    await context.outputs.put('captions.vtt', Buffer.from(toWebVtt(cues)), 'text/vtt; charset=utf-8');
    await context.outputs.put('captions.srt', Buffer.from(toSrt(cues)), 'application/x-subrip; charset=utf-8');
    if (!style || style === 'none') return videoPath;
    const out = join(context.workDir, 'captioned.mp4');
    await burnCaptions({ videoPath, cues, style, out, signal: context.signal });
    return out;
  }

  /** The captions a job stored, if it did (a run continued after its video was made finds them here). */
  async storedKeys(outputs: JobOutputs): Promise<CaptionKeys | undefined> {
    const keys = { vtt: outputs.key('captions.vtt'), srt: outputs.key('captions.srt') };
    return (await this.storage.stat(keys.vtt)) && (await this.storage.stat(keys.srt)) ? keys : undefined;
  }
}
