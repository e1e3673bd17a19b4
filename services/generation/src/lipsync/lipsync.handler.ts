import { AI_GENERATED_LABEL, mediaUrl, timingsKeyOf, type AudioParams } from '@lipcast/contracts';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { StorageService } from '@lipcast/nest-kit';
import { labelContainer } from '@lipcast/media-tools';
import { ProjectsRepository } from '../projects/projects.repository';
import { isDependencyOutage } from '../jobs/outages';
import { JobHandlers, progressWithin, type JobCompletion, type JobContext, type JobHandler } from '../jobs/job-handlers';
import type { LipSyncJobInput } from '../jobs/job-inputs';
import type { Job, JobResult } from '../jobs/job.entity';
import { JobParked } from '../ports/media';
import type { TimedUnit } from '../ports/speech.port';
import { VideoCaptions } from '../captions/video-captions';
import { FaceChecks } from '../media/face-checks';
import { VideoPosters } from '../posters/video-posters';
import { readStoredJson } from '../stored-json';
import { LipSyncChecks } from './lip-sync-checks';
import { LipSyncGate } from './lip-sync-gate';
import { LipSyncSources } from './lip-sync-sources';
import { RevisionRender } from '../revisions/revision-render';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { VideoSpeech } from './video-speech';

/** The share of a spoken video's progress its speech takes. */
const SPEECH_SHARE = 0.1;

/** Runs a lip-sync job: inputs from the object store, the provider's video into the job's folder; the history item gets it when the job commits. */
@Injectable()
export class LipSyncHandler implements JobHandler<'lipsync'> {
  readonly kind = 'lipsync' as const;

  constructor(
    private readonly storage: StorageService,
    private readonly speech: VideoSpeech,
    private readonly captions: VideoCaptions,
    private readonly posters: VideoPosters,
    private readonly projects: ProjectsRepository,
    private readonly faceChecks: FaceChecks,
    private readonly lipSyncChecks: LipSyncChecks,
    private readonly gate: LipSyncGate,
    private readonly revisionRender: RevisionRender,
    private readonly revisions: RevisionsRepository,
    private readonly sources: LipSyncSources,
    handlers: JobHandlers,
  ) {
    handlers.register(this);
  }

  /** A real person's clip must pass the face check before the job is charged. */
  check(input: LipSyncJobInput): Promise<void> {
    return this.faceChecks.checkClip(input.videoKey, input.actorId);
  }

  async run(job: Job<'lipsync'>, context: JobContext): Promise<JobCompletion> {
    const { revision } = job.input;
    if (revision) {
      // A fix of one sentence: the new version replaces the old where it was shown once it is done.
      const { key, durationSeconds, splice } = await this.revisionRender.render(job.input, revision, context);
      const publish = { videoKey: key, audioKey: job.input.audioKey, audioParams: { ...revision.speech } };
      return { result: { ...(await this.resultOf(key, job.input, context)), durationSeconds, splice }, publish: (em) => this.revisions.publish(revision.fromJobId, job.id, publish, em).then(() => true) };
    }
    const key = job.input.speech ? await this.renderSpoken(job.input, job.input.speech, context) : await this.render(job.input, context);
    return {
      result: await this.resultOf(key, job.input, context),
      publish: async (em) => {
        await this.projects.setOutputOfJob(job.id, mediaUrl(key), em);
        return true;
      },
    };
  }

  /** The job's result: its video and what was stored beside it. */
  private async resultOf(key: string, input: LipSyncJobInput, context: JobContext): Promise<JobResult> {
    const captions = await this.captions.storedKeys(context.outputs, input.captions);
    const poster = await this.posters.storedKey(context.outputs);
    const lipSync = await this.lipSyncChecks.stored(context.outputs);
    return { key, durationSeconds: context.outputs.mediaSeconds, ...(captions ? { captions } : {}), ...(poster ? { poster } : {}), ...(lipSync ? { lipSync } : {}) };
  }

  /** A public API video: its speech first, then the lip-sync; the speech goes when the job fails for good or is stopped (a later delivery speaks again). */
  private async renderSpoken(input: LipSyncJobInput, speech: AudioParams, context: JobContext): Promise<string> {
    try {
      await this.speech.speak(input.audioKey, speech, progressWithin(context, 0, SPEECH_SHARE));
      return await this.render(input, progressWithin(context, SPEECH_SHARE, 1));
    } catch (error) {
      if (!(error instanceof JobParked) && !isDependencyOutage(error)) await this.speech.remove(input.audioKey).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The lip-synced video of a job (a lip-sync or a One Shot run), stored in the job's folder with its
   * captions (burned in when the input chooses a style), its poster (its first frame) and its measured
   * lip-sync (`LipSyncGate`, `LipSyncChecks`); returns its key.
   */
  async render(input: LipSyncJobInput, context: JobContext): Promise<string> {
    const audio = await this.sources.download(input.audioKey, context, 'audio.mp3', 'audio/mpeg');
    const { video, character } = await this.sources.pictureOf(input, context);
    const durationSeconds = await this.sources.durationOf(audio);
    context.outputs.mediaSeconds = durationSeconds; // the video lasts as long as its speech
    const timings = await this.timings(input.audioKey);
    // The captions are laid out before the render, which burns them in its own encode (a provider that cannot: a pass after).
    const captions = this.captions.layOut(timings?.words, input.format, input.captions);
    const burnIn = captions?.burnIn;
    // Made, checked, and made again when the check fails (`LipSyncGate`).
    const { video: result, check, provider } = await this.gate.make(
      { video, audio, audioDurationSeconds: durationSeconds, character, phonemes: timings?.phonemes, format: input.format, ...(burnIn ? { captions: burnIn } : {}), ...(input.seed ? { seed: input.seed } : {}) },
      context,
    );
    // Stored once the video is made: a run that parks on its provider runs again, and would store them twice.
    if (captions) await this.captions.store(captions, context);
    const captioned = await this.captions.finish(result, burnIn, timings?.words, context);
    // Every video says in its file that a machine made it (issue 35: above all one of a real person's face),
    // and has broadcast-ready sound, whichever provider made it (issue 36: -14 LUFS, 48 kHz stereo AAC), in the same remux.
    const finished = join(context.workDir, 'labelled.mp4');
    await labelContainer(captioned, finished, AI_GENERATED_LABEL, context.signal, { broadcastSound: true });
    const key = await context.outputs.putFile('video.mp4', finished, 'video/mp4');
    await this.posters.make(finished, context);
    if (check) await this.lipSyncChecks.keep(check, provider, context);
    return key;
  }

  /** The timings stored beside an audio our speech step made (phonemes from the embedded engine, words from any); none for other audio. */
  private timings(audioKey: string): Promise<{ phonemes?: TimedUnit[]; words?: TimedUnit[] } | undefined> {
    return readStoredJson(this.storage, timingsKeyOf(audioKey));
  }
}
