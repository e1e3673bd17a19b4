import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  DEFAULT_CAPTIONS,
  DEFAULT_VIDEO_FORMAT,
  ONE_SHOT_SCRIPT_MAX_SECONDS,
  scriptProblem,
  scriptSpeechSeconds,
  scriptWordCount,
  videoFormatTag,
  withCreditNotUsed,
  type CaptionsChoice as CaptionsChoiceValue,
  type JobState,
  type PipelineRequest,
  type PipelineStepStatus,
  type ScriptRequestBody,
  type VideoFormatId,
} from '@lipcast/contracts';
import { Button, CaptionsChoice, Card, CardContent, Label, LipSyncNote, Page, Progress, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Spinner, Textarea, TextareaField, VideoFormatChoice, VideoPlayer } from '@lipcast/ui';
import { ApiError, callApi, followJob, isPaymentRequired, JobWaitNote, refreshAccount, SpendNotice, spendNotice, toast, useAccount, useBusy, useDraft } from '@lipcast/web-kit';
import { PortraitCoverage } from '../creator/PortraitCoverage';
import { readLastResult, resultOf, saveLastResult, type OneShotResult } from '../one-shot/last-result';
import { oneShotSchema, type OneShotInput, type OneShotValues } from '../forms/schemas';
import '../styles.css';

type Phase = { kind: 'loading' } | { kind: 'input' } | { kind: 'processing'; run: JobState } | { kind: 'complete'; result: OneShotResult };

const STEP_LABELS = [
  ['script', 'Script Generation'],
  ['image', 'Image Generation'],
  ['audio', 'Audio Generation'],
  ['video', 'Final Video Generation'],
] as const;
const STATUS_TEXT: Record<PipelineStepStatus, string> = { waiting: 'Waiting', running: 'In progress', done: 'Done', failed: 'Failed' };

const EXPLAINER = [
  ['1', 'Describe', 'Who your influencer is and what they talk about; read and edit the script we write.'],
  ['2', 'Watch it generate', 'Portrait, voice and lip-synced video, one after another.'],
  ['3', 'Get your video', 'Play it, download it, share it.'],
] as const;

/** The run's steps as they progress: each with its state, and the image and audio once made. */
function RunProgress({ run }: { run: JobState }) {
  return (
    <div className="space-y-6">
      <Progress value={run.progress} aria-label="One Shot progress" />
      <JobWaitNote state={run} />
      <ol className="grid gap-3 md:grid-cols-2">
        {STEP_LABELS.map(([key, label]) => {
          const status = run.steps?.[key].status ?? 'waiting';
          return (
            <li key={key} className="flex items-center justify-between rounded-lg border border-slate-200 p-3">
              <span className="font-medium text-slate-800">{label}</span>
              <span className={status === 'done' ? 'text-emerald-700' : status === 'running' ? 'text-brand-700' : status === 'failed' ? 'text-red-600' : 'text-slate-500'}>
                {status === 'running' && <Spinner size="sm" className="mr-2 align-middle" label={`${label} in progress`} />}
                {STATUS_TEXT[status]}
              </span>
            </li>
          );
        })}
      </ol>
      {run.steps?.script.script && (
        <div>
          <p className="text-sm font-medium text-slate-700">Script being spoken</p>
          <p className="text-slate-800">{run.steps.script.script}</p>
        </div>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        {run.steps?.image.url && (
          <div className="space-y-2">
            <img src={run.steps.image.url} alt="Generated influencer" className="aspect-[8/9] w-full rounded-lg object-cover" />
            <PortraitCoverage coverage={run.steps.image.coverage} />
          </div>
        )}
        {run.steps?.audio.url && <audio controls src={run.steps.audio.url} aria-label="Generated audio" className="w-full" />}
      </div>
    </div>
  );
}

/**
 * One Shot Influencer Video (spec section 2): description, gender and topic, then the script (written
 * for free, read and edited here), then one server-side run that speaks that script.
 */
/** The draft of the script being edited (`useDraft`). */
export const SCRIPT_DRAFT = 'oneShot.script';

export default function OneShot() {
  const queryClient = useQueryClient();
  const { user } = useAccount();
  const userId = user?.id ?? null;
  const ids = {
    gender: useId(), script: useId(), scriptBudget: useId(), scriptError: useId(), spend: useId(),
  };
  const spends = user ? spendNotice(user) !== null : false;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  /** The script shown for editing once written (null before); the run speaks it as edited. Kept through a reload until the run starts. */
  const [script, setScript, forgetScript] = useDraft<string | null>(SCRIPT_DRAFT, null, { revive: (kept) => (typeof kept === 'string' ? kept : null) });
  const [scriptError, setScriptError] = useState<string | null>(null);
  const [format, setFormat] = useState<VideoFormatId>(DEFAULT_VIDEO_FORMAT);
  const [captions, setCaptions] = useState<CaptionsChoiceValue>(DEFAULT_CAPTIONS);
  const scriptField = useRef<HTMLTextAreaElement>(null);
  const following = useRef<string | null>(null);
  const form = useForm<OneShotInput, unknown, OneShotValues>({ resolver: zodResolver(oneShotSchema), defaultValues: { influencerDescription: '', gender: 'male', scriptTopic: '' } });
  const { errors, isSubmitting } = form.formState;
  const { busy: writing, run: runWriting } = useBusy((error) => {
    if (error instanceof ApiError && error.status === 400) form.setError('scriptTopic', { message: error.message });
    else toast({ title: 'Script Generation Failed', description: error instanceof ApiError ? error.message : 'There was an error generating the script. Please try again.', variant: 'destructive' });
  });

  /** Shows a run's progress until it ends: complete with the video, or back to the input with the error. */
  async function follow(run: JobState) {
    if (following.current === run.id) return;
    following.current = run.id;
    setPhase({ kind: 'processing', run });
    let retryShown = 0;
    try {
      const finished = await followJob(run.id, (state) => {
        const retry = state.steps?.video.retry ?? 0;
        if (retry > retryShown) {
          retryShown = retry;
          toast({ title: 'Retrying Video Conversion', description: `Attempt ${retry} of 3`, variant: 'info' });
        }
        setPhase((current) => (current.kind === 'processing' && current.run.id === state.id ? { kind: 'processing', run: state } : current));
      });
      const result = finished.status === 'succeeded' ? resultOf(finished) : null;
      if (result) {
        if (userId) saveLastResult(userId, finished);
        setPhase({ kind: 'complete', result });
        toast({ title: 'Pipeline Complete', description: 'Your One Shot video is ready.', variant: 'success' });
        void refreshAccount(queryClient);
      } else {
        setPhase({ kind: 'input' });
        const failure = finished.error ?? 'The video could not be made. Please try again.';
        // A failed run releases its credit (a cancelled one too): the message says so.
        toast({ title: 'Error', description: finished.status === 'failed' ? withCreditNotUsed(failure) : failure, variant: 'destructive' });
      }
    } catch (error) {
      setPhase({ kind: 'input' });
      toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      following.current = null;
    }
  }

  // A run still in progress (the tab was closed or reloaded) is shown and followed again; otherwise
  // the last finished result is shown again (issue 16), once the signed-in user is known.
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    callApi(API_ROUTES.currentPipeline)
      .then((answer) => {
        if (cancelled) return;
        const run = answer?.run;
        const last = run ? null : readLastResult(userId);
        if (run) void follow(run);
        else setPhase(last ? { kind: 'complete', result: last } : { kind: 'input' });
      })
      .catch(() => !cancelled && setPhase({ kind: 'input' }));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival of the signed-in user
  }, [userId]);

  /** Free (one of the day's scripts): writes a script for the topic, shown for editing before anything is spent. */
  const writeScript = form.handleSubmit((values) =>
    runWriting(async () => {
      const body: ScriptRequestBody = { topic: values.scriptTopic, maxDuration: ONE_SHOT_SCRIPT_MAX_SECONDS };
      const answer = await callApi(API_ROUTES.writeScript, { body });
      if (!answer) return;
      setScript(answer.script);
      setScriptError(scriptProblem(answer.script));
      toast({ title: 'Script Generated', description: 'Read it, edit it as you like, then create the video.', variant: 'success' });
    }),
  );

  function editScript(value: string) {
    setScript(value);
    // Over the budget is said at once, beside the field; empty only when starting.
    setScriptError(value.trim() === '' ? null : scriptProblem(value));
  }

  /** Spends one generation: the run with the script as edited. */
  const start = form.handleSubmit(async (values) => {
    const problem = scriptProblem(script ?? '');
    if (problem) {
      setScriptError(problem);
      scriptField.current?.focus();
      return;
    }
    try {
      const request: PipelineRequest = {
        ...values,
        script: script!.trim(),
        ...(format === DEFAULT_VIDEO_FORMAT ? {} : { format }),
        ...(captions === DEFAULT_CAPTIONS ? {} : { captions }),
      };
      const run = await callApi(API_ROUTES.startPipeline, { body: request });
      if (isPaymentRequired(run) || !run) return;
      forgetScript();
      void follow(run);
    } catch (error) {
      // A refused field is said beside it (the page checks the same rules first); anything else is an event.
      if (error instanceof ApiError && error.status === 400) {
        if (error.message.startsWith('Description')) form.setError('influencerDescription', { message: error.message });
        else if (error.message.startsWith('Topic')) form.setError('scriptTopic', { message: error.message });
        else setScriptError(error.message);
      } else toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  });

  return (
    <Page title="One Shot Influencer Video" description="From a description, a gender and a topic to a script you can edit, then a finished talking video in one run.">
      <ol className="mb-8 grid gap-4 md:grid-cols-3">
        {EXPLAINER.map(([number, title, text]) => (
          <li key={number} className="rounded-xl border border-slate-200 p-4">
            <p className="text-sm font-semibold text-brand-700">Step {number}</p>
            <p className="font-semibold text-slate-900">{title}</p>
            <p className="text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      <Card>
        <CardContent className="p-6">
          {phase.kind === 'loading' && <Spinner label="Loading..." />}
          {phase.kind === 'input' && (
            <form onSubmit={(event) => void (script === null ? writeScript(event) : start(event))} noValidate className="space-y-5">
              <TextareaField
                label="Influencer Description"
                rows={3}
                error={errors.influencerDescription?.message}
                {...form.register('influencerDescription')}
                placeholder="A friendly fitness coach in her thirties, with a ponytail, in a bright gym"
              />
              <div className="space-y-2">
                <Label id={ids.gender}>Gender</Label>
                <Select value={form.watch('gender') ?? 'male'} onValueChange={(value) => form.setValue('gender', value as 'male' | 'female')}>
                  <SelectTrigger aria-labelledby={ids.gender} className="max-w-xs">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="male">Male</SelectItem>
                    <SelectItem value="female">Female</SelectItem>
                  </SelectContent>
                </Select>
              </div>
              <TextareaField
                label="Script Topic"
                rows={3}
                error={errors.scriptTopic?.message}
                {...form.register('scriptTopic')}
                placeholder="Three quick stretches to do at your desk"
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="button" variant={script === null ? 'default' : 'outline'} onClick={() => void writeScript()} disabled={writing || isSubmitting} aria-busy={writing}>
                  {writing ? 'Writing Script...' : script === null ? 'Write Script' : 'Write a New Script'}
                </Button>
                <p className="text-sm text-slate-500">Free: you read and edit the script before anything is spent.</p>
              </div>
              {script !== null && (
                <>
                  <div className="space-y-2">
                    <Label htmlFor={ids.script}>Script</Label>
                    <Textarea
                      id={ids.script}
                      ref={scriptField}
                      rows={4}
                      value={script}
                      onChange={(event) => editScript(event.target.value)}
                      aria-invalid={scriptError !== null}
                      aria-describedby={scriptError ? `${ids.scriptBudget} ${ids.scriptError}` : ids.scriptBudget}
                    />
                    <p id={ids.scriptBudget} className="text-sm text-slate-500">
                      {scriptWordCount(script)} words, about {scriptSpeechSeconds(script)} s of speech (the video lasts {ONE_SHOT_SCRIPT_MAX_SECONDS} s).
                    </p>
                    {scriptError && (
                      <p id={ids.scriptError} role="alert" className="text-sm text-red-600">
                        {scriptError}
                      </p>
                    )}
                  </div>
                  <VideoFormatChoice value={format} onChange={setFormat} disabled={isSubmitting} />
                  <CaptionsChoice value={captions} onChange={setCaptions} disabled={isSubmitting} />
                  <div className="space-y-2">
                    <Button type="submit" disabled={isSubmitting || writing} aria-describedby={spends ? ids.spend : undefined}>
                      Create One-Shot Video
                    </Button>
                    <SpendNotice id={ids.spend} />
                  </div>
                </>
              )}
            </form>
          )}
          {phase.kind === 'processing' && <RunProgress run={phase.run} />}
          {phase.kind === 'complete' && (
            <div className="space-y-4">
              <VideoPlayer
                src={phase.result.url}
                // Its own first frame; a run made before posters: its portrait when it is a portrait card (the format is the run's, kept across reloads).
                poster={phase.result.posterUrl ?? (phase.result.format ? undefined : phase.result.image)}
                title="One Shot video"
                fit="natural"
                downloadName={`one-shot-video-${Date.now()}${phase.result.format ? `-${videoFormatTag(phase.result.format)}` : ''}.mp4`}
                captions={phase.result.captions}
                // Captions burned into the picture are not shown a second time by the track (issue 37, item 11).
                captionsOn={!phase.result.captions?.burnedIn}
              />
              {phase.result.lipSync && <LipSyncNote check={phase.result.lipSync} />}
              {phase.result.script && (
                <div>
                  <p className="text-sm font-medium text-slate-700">Script</p>
                  <p className="text-slate-800">{phase.result.script}</p>
                </div>
              )}
              <PortraitCoverage coverage={phase.result.coverage} />
              <Button
                variant="outline"
                onClick={() => {
                  form.reset();
                  setScript(null);
                  setScriptError(null);
                  setPhase({ kind: 'input' });
                }}
              >
                Create Another Video
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
