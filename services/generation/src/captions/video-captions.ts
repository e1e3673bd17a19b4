import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { videoFormat, type CaptionsChoice, type VideoFormatId } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { buildCues, burnCaptions, captionLayout, probeMedia, toSrt, toWebVtt, type CaptionBurnIn } from '@lipcast/media-tools';
import type { CaptionKeys } from '../jobs/job-result';
import type { JobOutputs } from '../jobs/job-outputs';
import type { JobContext } from '../jobs/job-handlers';
import type { LipSyncVideo } from '../ports/lipsync.port';
import type { TimedUnit } from '../ports/speech.port';

/** Captions laid out for a video's frame: their cues, and what its render burns in when a style is chosen. */
export interface LaidOutCaptions {
  cues: ReturnType<typeof buildCues>;
  burnIn?: CaptionBurnIn;
}

/** Whether a caption choice burns the captions into the picture (`none` and no choice: the track and files only). */
export function burnsIn(style: CaptionsChoice | undefined): style is Exclude<CaptionsChoice, 'none'> {
  return style !== undefined && style !== 'none';
}

/**
 * Captions for a lip-synced video, made before the lip-sync from the speech's word timings: the
 * words → cues laid out for the format's frame → WebVTT and SRT stored in the job's folder, and, when
 * a style is chosen, the burn-in the lip-sync's own encode draws (no second encode). A provider that
 * does not burn them in (a video made elsewhere, in a frame known only once it is made) has them
 * burned in by a pass of their own, laid out for that video's frame.
 */
@Injectable()
export class VideoCaptions {
  constructor(private readonly storage: StorageService) {}

  /**
   * Stores the captions of a video to be made in `format` and returns what its render burns in when
   * `style` burns them in. No words (audio without timings): no captions.
   */
  async prepare(words: readonly TimedUnit[] | undefined, format: VideoFormatId | undefined, style: CaptionsChoice | undefined, context: JobContext): Promise<CaptionBurnIn | undefined> {
    const laidOut = this.layOut(words, format, style);
    if (laidOut) await this.store(laidOut, context);
    return laidOut?.burnIn;
  }

  /**
   * `prepare` without storing: the cues laid out for `format`, and the burn-in when `style` burns
   * them in; `store` them once the video is made (a run that parks on its provider stores nothing).
   */
  layOut(words: readonly TimedUnit[] | undefined, format: VideoFormatId | undefined, style: CaptionsChoice | undefined): LaidOutCaptions | undefined {
    if (!words?.length) return undefined;
    const { width, height } = videoFormat(format);
    const cues = buildCues(words, { maxCharsPerLine: captionLayout(width, height).maxCharsPerLine });
    return { cues, ...(burnsIn(style) ? { burnIn: { cues, style, width, height } } : {}) };
  }

  /** Stores laid-out captions as WebVTT and SRT in the job's folder. */
  async store({ cues }: LaidOutCaptions, context: JobContext): Promise<void> {
    await context.outputs.put('captions.vtt', Buffer.from(toWebVtt(cues)), 'text/vtt; charset=utf-8');
    await context.outputs.put('captions.srt', Buffer.from(toSrt(cues)), 'application/x-subrip; charset=utf-8');
  }

  /**
   * The video to keep: `video` itself when its provider burned the captions in (or there are none to
   * burn), else the captions burned into it by a pass of their own, laid out for its own frame.
   */
  async finish(video: LipSyncVideo, burnIn: CaptionBurnIn | undefined, words: readonly TimedUnit[] | undefined, context: JobContext): Promise<string> {
    if (!burnIn || video.captionsBurned || !words?.length) return video.path;
    const info = await probeMedia(video.path);
    if (!info.video?.width || !info.video.height) return video.path;
    const sameFrame = info.video.width === burnIn.width && info.video.height === burnIn.height;
    const cues = sameFrame ? burnIn.cues : buildCues(words, { maxCharsPerLine: captionLayout(info.video.width, info.video.height).maxCharsPerLine });
    const out = join(context.workDir, 'captioned.mp4');
    await burnCaptions({ videoPath: video.path, cues, style: burnIn.style, out, signal: context.signal });
    return out;
  }

  /**
   * The captions a job stored, if it did (a run continued after its video was made finds them here),
   * and whether its video has them burned in: stored captions are burned in whenever `style` chooses a style.
   */
  async storedKeys(outputs: JobOutputs, style: CaptionsChoice | undefined): Promise<CaptionKeys | undefined> {
    const keys = { vtt: outputs.key('captions.vtt'), srt: outputs.key('captions.srt'), burnedIn: burnsIn(style) };
    const stored = async (file: 'captions.vtt' | 'captions.srt') => outputs.storedHere(file) || Boolean(await this.storage.stat(outputs.key(file)));
    return (await stored('captions.vtt')) && (await stored('captions.srt')) ? keys : undefined;
  }
}
