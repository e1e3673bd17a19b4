import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { AI_GENERATED_LABEL, scriptSentences, scriptWords, timingsKeyOf, toLipSyncCheck, type LipSyncCheck } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { drawnMouthBox, scoreLipSync, scoreVideoFile, type CharacterLook } from '@lipcast/media-engine';
import { BROADCAST_MP3, encodeBroadcastMp3, labelContainer, probeMedia, runFfmpeg, spliceSpeech, spliceVideo, type CaptionBurnIn, type VideoEncoding } from '@lipcast/media-tools';
import { AudioService } from '../audio/audio.service';
import { VideoCaptions } from '../captions/video-captions';
import { progressWithin, type JobContext } from '../jobs/job-handlers';
import type { LipSyncJobInput, RevisionOf } from '../jobs/job-inputs';
import { LipSyncChecks } from '../lipsync/lip-sync-checks';
import { LipSyncGate } from '../lipsync/lip-sync-gate';
import { LipSyncSources } from '../lipsync/lip-sync-sources';
import { VideoPosters } from '../posters/video-posters';
import { readStoredJson } from '../stored-json';
import { cutSentence, unitsWithin, type SentenceCut, type SpeechTimings } from './sentence-cut';

/** Each cross-fade lasts about this long (on whole frames, an even number of them), centred on its cut. */
const FADE_SECONDS = 0.24;
/** The encoder for the spliced video: the frames kept from the old one are encoded again, so finely (CRF 18) that they stay the same to the eye (SSIM ≥ 0.99). */
const SPLICE_ENCODING: Pick<VideoEncoding, 'preset' | 'crf'> = { preset: 'veryfast', crf: 18 };

/**
 * Where a fix changed its video (kept in its job's result): the new frames are `spanStartSeconds`..`spanEndSeconds`
 * (cross-faded over `fadeSeconds` at each end); after them the old frames, `shiftSeconds` later than they were.
 */
export interface Splice {
  version: number;
  spanStartSeconds: number;
  spanEndSeconds: number;
  fadeSeconds: number;
  shiftSeconds: number;
}

/** A job's video, speech and timings, and what a fix of it is made from. */
interface Version {
  video: string;
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  speech: string;
  timings: SpeechTimings;
}

/**
 * Makes the new version of a video whose script changed in one sentence (issue 36, item 5): that
 * sentence is spoken alone in the video's voice and spliced into the old speech (`cutSentence`),
 * the span of the new sentence is lip-synced by the video's provider (through the lip-sync gate, as a
 * whole video is), and its frames are spliced into the old video with cross-fades; captions, sound
 * and the lip-sync check are made for the whole new video, as for any.
 */
@Injectable()
export class RevisionRender {
  constructor(
    private readonly storage: StorageService,
    private readonly audio: AudioService,
    private readonly captions: VideoCaptions,
    private readonly posters: VideoPosters,
    private readonly gate: LipSyncGate,
    private readonly checks: LipSyncChecks,
    private readonly sources: LipSyncSources,
  ) {}

  /** Stores the new version's video, speech, captions, poster and check in the job's folder; answers the video's key and where it was spliced. */
  async render(input: LipSyncJobInput, revision: RevisionOf, context: JobContext): Promise<{ key: string; durationSeconds: number; splice: Splice }> {
    const old = await this.version(revision, context);
    const sentence = scriptSentences(revision.fromScript)[revision.sentence.index];
    if (!sentence || scriptWords(revision.fromScript).length !== old.timings.words.length) throw new Error("The video's word timings do not match its script: it cannot be fixed one sentence at a time.");
    const spoken = await this.audio.synthesize({ ...revision.speech, text: revision.sentence.after }, progressWithin(context, 0, 0.1));
    if (!spoken.words?.length) throw new Error('The new sentence has no word timings.');
    const cut = cutSentence({
      old: old.timings,
      oldSeconds: old.durationSeconds,
      sentence,
      replacement: { words: spoken.words, ...(spoken.phonemes ? { phonemes: spoken.phonemes } : {}) },
      replacementSeconds: spoken.durationSeconds,
      fps: old.fps,
    });
    const speech = join(context.workDir, 'revised-speech.wav');
    await spliceSpeech({ original: old.speech, replacement: spoken.audio.path, cutStart: cut.cutStart, cutEnd: cut.cutEnd ?? old.durationSeconds, from: cut.from, to: cut.to, out: speech, signal: context.signal });
    await this.keepSpeech(speech, cut.timings, context);
    // No real-time factor is recorded for a fix (`outputs.mediaSeconds` stays unset): it renders a span, not its whole length.

    const span = this.spanOf(cut, old.fps);
    const burnIn = await this.captions.prepare(cut.timings.words, input.format, input.captions, context);
    const spanSpeech = join(context.workDir, 'sentence.mp3');
    await runFfmpeg(['-i', speech, '-ss', span.start.toFixed(4), '-t', span.seconds.toFixed(4), ...BROADCAST_MP3, spanSpeech], { signal: context.signal });
    const spanKey = await context.outputs.putFile('sentence.mp3', spanSpeech, 'audio/mpeg');
    const { video, character } = await this.sources.pictureOf(input, context);
    const made = await this.gate.make(
      {
        video,
        audio: { url: await this.storage.presignedUrl(spanKey), localPath: spanSpeech, contentType: 'audio/mpeg', key: spanKey },
        audioDurationSeconds: span.seconds,
        character,
        phonemes: cut.timings.phonemes && unitsWithin(cut.timings.phonemes, span.start, span.end),
        format: input.format,
        ...(burnIn ? { captions: withinSpan(burnIn, span.start, span.end) } : {}),
        ...(input.seed ? { seed: input.seed } : {}),
      },
      progressWithin(context, 0.1, 0.8),
    );
    const spanVideo = await this.captions.finish(made.video, burnIn && withinSpan(burnIn, span.start, span.end), unitsWithin(cut.timings.words, span.start, span.end), context);

    const spliced = join(context.workDir, 'spliced.mkv');
    await spliceVideo({
      original: old.video,
      width: old.width,
      height: old.height,
      fps: old.fps,
      span: spanVideo,
      spanStart: span.start,
      spanSeconds: span.seconds,
      cutEnd: cut.cutEnd,
      fadeSeconds: span.fade,
      audio: speech,
      encoding: { ...SPLICE_ENCODING, tune: character ? 'animation' : 'film' },
      out: spliced,
      signal: context.signal,
    });
    context.progress(0.9);
    const finished = join(context.workDir, 'labelled.mp4');
    await labelContainer(spliced, finished, AI_GENERATED_LABEL, context.signal, { broadcastSound: true });
    const key = await context.outputs.putFile('video.mp4', finished, 'video/mp4');
    await this.posters.make(finished, context);
    const check = await this.score(finished, old, cut, span, character, input);
    if (check) await this.checks.keep(this.checks.passes(check) ? check : { ...check, belowThreshold: true }, made.provider, context);
    const shiftSeconds = cut.cutEnd === null ? 0 : cut.cutStart + (cut.to - cut.from) - cut.cutEnd;
    return { key, durationSeconds: cut.durationSeconds, splice: { version: revision.version, spanStartSeconds: span.start, spanEndSeconds: span.end, fadeSeconds: span.fade, shiftSeconds } };
  }

  /** The new speech and its timings, kept in the job's folder: the next fix starts from them. */
  private async keepSpeech(wav: string, timings: SpeechTimings, context: JobContext): Promise<void> {
    const mp3 = join(context.workDir, 'revised-speech.mp3');
    await encodeBroadcastMp3(wav, mp3, context.signal);
    await context.outputs.put('audio.timings.json', Buffer.from(JSON.stringify(timings)), 'application/json');
    await context.outputs.putFile('audio.mp3', mp3, 'audio/mpeg');
  }

  /**
   * The part of the new video the provider renders: the new sentence's span and half a fade either
   * side (from the start, to the end, where the sentence is the first or the last).
   */
  private spanOf(cut: SentenceCut, fps: number): { start: number; end: number; seconds: number; fade: number } {
    const fade = (2 * Math.max(1, Math.round((FADE_SECONDS * fps) / 2))) / fps;
    const start = cut.cutStart > 0 ? cut.cutStart - fade / 2 : 0;
    const end = cut.cutEnd === null ? cut.durationSeconds : cut.cutStart + (cut.to - cut.from) + fade / 2;
    return { start, end, seconds: end - start, fade };
  }

  /**
   * The new video's lip-sync, measured on the whole file: a drawn actor's mouth where the engine drew
   * it (the span's frames drawn from their own start), any other face found by the landmarks.
   */
  private async score(path: string, old: Version, cut: SentenceCut, span: { start: number; end: number }, character: CharacterLook | undefined, input: LipSyncJobInput): Promise<LipSyncCheck | undefined> {
    try {
      if (!character) return toLipSyncCheck(await scoreVideoFile(path));
      const [spanFrom, spanTo] = [Math.round(span.start * old.fps), Math.round(span.end * old.fps)];
      const shiftAfter = cut.cutEnd === null ? 0 : Math.round((cut.cutStart + (cut.to - cut.from) - cut.cutEnd) * old.fps);
      const frameOf = (index: number) => (index < spanFrom ? index : index < spanTo ? index - spanFrom : index - shiftAfter);
      return toLipSyncCheck(await scoreLipSync({ path, width: old.width, height: old.height, fps: old.fps, mouthAt: (index) => drawnMouthBox(frameOf(index), input.format, input.seed), reading: 'darkness' }));
    } catch {
      return undefined; // the check never fails a video (as `LipSyncChecks.score`)
    }
  }

  /** The version being fixed: its video and speech downloaded, its timings and its picture's shape. */
  private async version(revision: RevisionOf, context: JobContext): Promise<Version> {
    const [video, speech] = [join(context.workDir, 'old-video.mp4'), join(context.workDir, 'old-speech.mp3')];
    await this.storage.download(revision.fromVideoKey, video);
    await this.storage.download(revision.fromAudioKey, speech);
    const timings = await readStoredJson<SpeechTimings>(this.storage, timingsKeyOf(revision.fromAudioKey));
    if (!timings?.words?.length) throw new Error('The video has no word timings: it cannot be fixed one sentence at a time.');
    const info = await probeMedia(video);
    if (!info.video) throw new Error('The video to fix has no picture.');
    return { video, width: info.video.width, height: info.video.height, fps: info.video.fps, durationSeconds: (await probeMedia(speech)).durationSeconds, speech, timings };
  }

}

/** Captions of the whole new video, as a render of `start`..`end` of it burns them in (its own time). */
function withinSpan(burnIn: CaptionBurnIn, start: number, end: number): CaptionBurnIn {
  const [fromMs, toMs] = [start * 1000, end * 1000];
  const cues = burnIn.cues
    .filter((cue) => cue.endMs > fromMs && cue.startMs < toMs)
    .map((cue) => ({ ...cue, startMs: Math.max(0, cue.startMs - fromMs), endMs: Math.min(toMs, cue.endMs) - fromMs, words: cue.words.map((word) => ({ ...word, startMs: word.startMs - fromMs, endMs: word.endMs - fromMs })) }));
  return { ...burnIn, cues };
}
