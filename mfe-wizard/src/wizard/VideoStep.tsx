import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES, DEFAULT_CAPTIONS, DEFAULT_VIDEO_FORMAT, mediaDownloadUrl, TAKE_SEED_MAX, withCreditNotUsed, type CaptionFiles, type CaptionsChoice as CaptionsChoiceValue, type JobState, type LipSyncCheck,
  type VideoFormatId,
} from '@lipcast/contracts';
import { Button, CaptionsChoice, LipSyncNote, Progress, VideoFormatChoice, VideoPlayer } from '@lipcast/ui';
import { callApi, followJob, isPaymentRequired, JobWaitNote, refreshAccount, routeQuery, SpendNotice, toast, watchJob, type JobWaitState, type SelectedVideo } from '@lipcast/web-kit';
import type { CreatedAudio } from './AudioStep';
import { AudioInput } from './AudioInput';
import { ChosenActor } from './ChosenActor';
import { EditScript, VersionList } from './EditScript';
import { lipSyncFailureToast } from './errors';
import { runLipSync } from './generation-api';
import { downloadFileName, nextProgress } from './rules';

/** Video generation takes 2 to 3 minutes with a provider: notices at 30, 60 and 90 seconds (spec section 9). */
const NOTICES: [number, string][] = [
  [30_000, 'Your video is being generated. This usually takes 2-3 minutes.'],
  [60_000, 'Still working on your video. Thanks for your patience!'],
  [90_000, 'Almost there: the final frames are being put together.'],
];

const preview = (text: string, length = 50) => (text.length > length ? `${text.slice(0, length)}...` : text);

const isFinished = (state: JobState) => state.status !== 'queued' && state.status !== 'running';

export const REVISION_FAILED_MESSAGE = 'The new version could not be made. Please try again.';

/** What "Generate Again" makes, said beside it with what it spends (issue 37, item 3). */
export const NEW_TAKE_NOTE = 'Makes a new take: the same words and voice, with other blinks and head movement.';

/**
 * A new take's seed (1..`TAKE_SEED_MAX`; none is the first take). Random, not counted: after a reload
 * a count would start again and answer a take made before; the re-sends of one click carry its seed.
 */
export const newTakeSeed = () => 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % TAKE_SEED_MAX);

/** Step 3, "Generate Video": the inputs, the generation with real progress, then the result and its download. */
export function VideoStep({ video, audio, onBack }: { video: SelectedVideo; audio: CreatedAudio; onBack: () => void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [wait, setWait] = useState<JobWaitState | null>(null);
  const [running, setRunning] = useState(false);
  /**
   * The shown result: the video, its own first frame at its format's aspect (absent: the player shows
   * its frame at 0.1 s), the format it was made in (the choice may change after it), and its captions.
   */
  const [result, setResult] = useState<{ url: string; poster?: string; format: VideoFormatId; captions: CaptionFiles | null; lipSync?: LipSyncCheck } | null>(null);
  /** The job that made the shown version (absent: the video did not come from a job), which "Edit script" names. */
  const [jobId, setJobId] = useState<string | null>(null);
  /** "Edit script" (issue 36, item 5): whether its form is open, its new version under way, and the error beside it. */
  const [editing, setEditing] = useState(false);
  const [revising, setRevising] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  const revisions = useQuery({ ...routeQuery(API_ROUTES.videoRevisions(jobId ?? '')), enabled: !!result && !!jobId });
  const editButton = useRef<HTMLButtonElement>(null);
  /** Closed, the form gives the focus back to its button (once that is enabled again). */
  const focusEditButton = useRef(false);
  useEffect(() => {
    if (!focusEditButton.current || editing || revising) return;
    focusEditButton.current = false;
    editButton.current?.focus({ preventScroll: true });
  });
  const editFormId = useId();
  const notEditableId = useId();
  const runningRef = useRef(false);
  const stopWatching = useRef<() => void>(() => undefined);
  const resultView = useRef<HTMLDivElement>(null);
  const spendId = useId();
  const againSpendId = useId();
  const againNoteId = useId();
  const [startedAt] = useState(() => new Date());
  // An influencer from the Creator comes with the format chosen there.
  const [format, setFormat] = useState<VideoFormatId>(video.format ?? DEFAULT_VIDEO_FORMAT);
  const fileName = downloadFileName(startedAt, result?.format ?? DEFAULT_VIDEO_FORMAT);
  // Burned-in captions, if any (the captions track comes with every video).
  const [captions, setCaptions] = useState<CaptionsChoiceValue>(video.captions ?? DEFAULT_CAPTIONS);
  useEffect(() => () => stopWatching.current(), []);
  // A new result is brought into view with its Download button (issue 16: a result view for posting),
  // and again once the video knows its size, as the page only then has its final height. The scroll
  // margin keeps the "Your video" label clear of the sticky header.
  const showResult = () => resultView.current?.scrollIntoView?.({ block: 'start' });
  // A new generation's result also takes the focus (issue 37, item 4), which would else be left on
  // the Generate button it replaced (a fix's result gives it back to "Edit script" instead).
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const focusResult = useRef(false);
  useEffect(() => {
    if (!result) return;
    showResult();
    if (focusResult.current) resultHeading.current?.focus({ preventScroll: true });
    focusResult.current = false;
  }, [result]);

  /** A job's reported state on the progress bar and in the wait note (the lip-sync's, then each fix's). */
  const showState = (state: JobState) => {
    setProgress((current) => nextProgress(current, state.progress, false));
    setWait(state); // its place in the queue, then its time left
  };

  /** Makes the video; with a `seed`, a new take of it (without one, the same inputs answer the video made before). */
  async function generate(seed?: number) {
    if (runningRef.current) return; // a duplicate click while processing is ignored
    runningRef.current = true;
    setRunning(true);
    setResult(null);
    setJobId(null);
    setEditing(false);
    setEditError(null);
    setProgress(0);
    setWait(null);
    const timers = NOTICES.map(([after, message]) => setTimeout(() => toast({ title: 'Generating video', description: message, variant: 'info' }), after));
    try {
      const answer = await runLipSync(
        {
          video: video.url,
          audio: audio.url,
          audioUrl: audio.url,
          videoDuration: video.duration,
          audioParams: { text: audio.text, voice_id: audio.voice, emotion: audio.emotion, pitch: audio.pitch, speed: audio.speed, videoId: video.id },
          ...(format === DEFAULT_VIDEO_FORMAT ? {} : { format }),
          ...(captions === DEFAULT_CAPTIONS ? {} : { captions }),
          ...(seed ? { seed } : {}),
        },
        {
          onPredictionId: (id) => {
            stopWatching.current();
            stopWatching.current = watchJob(id, showState);
          },
          onRetrying: (message) => toast({ title: 'Please wait', description: message, variant: 'info' }),
        },
      );
      if (isPaymentRequired(answer)) return;
      setProgress(100);
      focusResult.current = true;
      setResult({ url: answer.url, poster: answer.posterUrl, format, captions: answer.captions ?? null, ...(answer.lipSync ? { lipSync: answer.lipSync } : {}) });
      setJobId(answer.predictionId || null);
      toast({ title: 'Video Generated', description: 'Your lip-synced video is ready.', variant: 'success' });
      void refreshAccount(queryClient);
    } catch (error) {
      toast({ ...lipSyncFailureToast(error), variant: 'destructive' });
    } finally {
      timers.forEach(clearTimeout);
      stopWatching.current();
      runningRef.current = false;
      setRunning(false);
    }
  }

  /**
   * Makes the new version of the shown video with `script` (one sentence changed), follows its job as
   * the lip-sync's was followed (the event stream, a look every few seconds), then shows it as the
   * current video. A refusal or a failed job is said beside the script, which stays open.
   */
  async function revise(script: string) {
    if (runningRef.current || !jobId || !result) return;
    runningRef.current = true;
    setRevising(true);
    setEditError(null);
    setProgress(0);
    setWait(null);
    try {
      const answer = await callApi(API_ROUTES.reviseVideo(jobId), { body: { script } });
      if (isPaymentRequired(answer)) return; // the paywall has it
      showState(answer.job);
      const finished = isFinished(answer.job) ? answer.job : await followJob(answer.job.id, showState);
      if (finished.status !== 'succeeded' || !finished.url) {
        const failure = finished.error ?? REVISION_FAILED_MESSAGE;
        // A failed paid fix releases its generation, as a failed video does.
        setEditError(finished.status === 'failed' && answer.revision.charged ? withCreditNotUsed(failure) : failure);
        setProgress(100);
        return;
      }
      // Its versions are loaded before it is shown, so the Edit script button and the list stay in place.
      await queryClient.prefetchQuery(routeQuery(API_ROUTES.videoRevisions(finished.id)));
      setProgress(100);
      setResult({ url: finished.url, poster: finished.posterUrl, format: result.format, captions: finished.captions ?? null, ...(finished.lipSync ? { lipSync: finished.lipSync } : {}) });
      setJobId(finished.id);
      setEditing(false);
      focusEditButton.current = true;
      toast({ title: 'New version ready', description: `Version ${answer.revision.version} of your video is ready.`, variant: 'success' });
      if (answer.revision.charged) void refreshAccount(queryClient);
    } catch (error) {
      setEditError(error instanceof Error ? error.message : String(error));
    } finally {
      runningRef.current = false;
      setRevising(false);
      setWait(null);
    }
  }

  function closeEditor() {
    setEditing(false);
    setEditError(null);
    focusEditButton.current = true;
  }

  if (result) {
    const edit = revisions.data;
    const editable = !!edit && !edit.notEditable && edit.script !== null;

    // The result replaces the inputs, at its own size, with Download first and Generate Again second.
    // Its actions come before the player, so Download is the first Tab stop after the heading (issue 37, item 6).
    return (
      <section className="space-y-4" aria-label="Your video">
        <div ref={resultView} className="scroll-mt-20 space-y-3" onLoadedMetadataCapture={showResult}>
          <h2 ref={resultHeading} tabIndex={-1} className="text-sm font-medium text-slate-700">
            Your video
          </h2>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={mediaDownloadUrl(result.url, fileName)} download={fileName}>
                Download Video
              </a>
            </Button>
            <Button variant="outline" onClick={() => void generate(newTakeSeed())} disabled={revising} aria-describedby={`${againNoteId} ${againSpendId}`}>
              Generate Again
            </Button>
            {edit && (
              <Button
                ref={editButton}
                variant="outline"
                onClick={() => {
                  if (editing) return closeEditor();
                  setEditError(null);
                  setEditing(true);
                }}
                disabled={!editable || revising}
                aria-expanded={editing}
                aria-controls={editing ? editFormId : undefined}
                aria-describedby={edit.notEditable ? notEditableId : undefined}
              >
                Edit script
              </Button>
            )}
          </div>
          {/* A new take is a new video: what it makes and what it spends, beside its button. */}
          <div className="text-sm text-slate-600">
            <p id={againNoteId}>{NEW_TAKE_NOTE}</p>
            <SpendNotice id={againSpendId} />
          </div>
          <VideoPlayer
            src={result.url}
            poster={result.poster}
            title="Generated video"
            fit="natural"
            captions={result.captions}
            captionsOn={!result.captions?.burnedIn}
            captionsFileName={fileName.replace(/\.mp4$/, '')}
          />
          {revising && <Progress value={progress} aria-label="Video generation progress" />}
          {revising && <JobWaitNote state={wait} />}
          {result.lipSync && <LipSyncNote check={result.lipSync} />}
          {edit?.notEditable && (
            <p id={notEditableId} className="text-sm text-slate-600">
              {edit.notEditable}
            </p>
          )}
          {editing && edit && editable && (
            <EditScript id={editFormId} script={edit.script ?? ''} freeFixesLeft={edit.freeFixesLeft} busy={revising} error={editError} onSubmit={(script) => void revise(script)} onCancel={closeEditor} />
          )}
          {edit && <VersionList versions={edit.versions} fileName={fileName} />}
        </div>
        <div className="flex justify-start">
          <Button variant="outline" onClick={onBack} disabled={revising}>
            Back
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="space-y-6">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">Video input</p>
          <ChosenActor video={video} label={`${video.title} (input)`} />
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">Audio input</p>
          <AudioInput url={audio.url} />
          {audio.text && <p className="text-sm text-slate-600">“{preview(audio.text)}”</p>}
        </div>
      </div>
      <VideoFormatChoice value={format} onChange={setFormat} disabled={running} />
      <CaptionsChoice value={captions} onChange={setCaptions} disabled={running} />
      <div className="space-y-3">
        {/* The lip-sync is what spends a generation: the notice says so beside the button. */}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void generate()} disabled={running} aria-busy={running} aria-describedby={spendId}>
            {running ? 'Generating Video...' : 'Generate Video'}
          </Button>
          <div id={spendId}>
            <SpendNotice />
          </div>
        </div>
        {running && <Progress value={progress} aria-label="Video generation progress" />}
        {running && <JobWaitNote state={wait} />}
      </div>
      <div className="flex justify-start">
        <Button variant="outline" onClick={onBack} disabled={running}>
          Back
        </Button>
      </div>
    </section>
  );
}
