import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, CaptionsChoice, ConsentField, Card, CardContent, CardDescription, CardHeader, CardTitle, Page, Progress, TextareaField, VideoFormatChoice, VideoPlayer } from '@lipcast/ui';
import { ApiError, handInfluencerToWizard, influencerName, isPaymentRequired, JobWaitNote, refreshAccount, toast, useAccount, useDraft, type JobWaitState } from '@lipcast/web-kit';
import { CREATOR_CLIP_SECONDS, DEFAULT_VIDEO_FORMAT, DEFAULT_VIDEO_PROMPT, faceCheckReasonOf, LIKENESS_CONSENT_TEXT, PHOTO_CONSENT_MESSAGE, withCreditNotUsed, type InfluencerProject, type PortraitCoverage as Coverage, type VideoFormatId, DEFAULT_CAPTIONS, type CaptionsChoice as CaptionsChoiceValue } from '@lipcast/contracts';
import { clipNotice, clipPreviewsSpent, talkingVideoNotice } from '../creator/clip-notices';
import { checkPicture, errorText, generateImage, generateVideo, listProjects, projectOf, PROJECTS_QUERY_KEY, readPicture } from '../creator/creator-api';
import { OpenInWizard } from '../creator/OpenInWizard';
import { OwnActors } from '../creator/OwnActors';
import { PortraitCoverage } from '../creator/PortraitCoverage';
import { PublishPanel } from '../creator/PublishPanel';
import { creatorPromptSchema, videoPromptSchema } from '../forms/schemas';
import { shownProgress, simulatedProgress } from '../forms/progress';
import '../styles.css';

interface Portrait {
  url: string;
  /** The project, when the server made the image; an upload gets one with its video. */
  projectId: number | null;
  illustration: boolean;
  /** What the offline engine drew of the description and what it could not. */
  coverage?: Coverage;
  /** An upload while the check before charging looks at it, as soon as it is chosen. */
  checking?: boolean;
  /** That check's refusal (no face, several, too small, turned): nothing can be generated from it. */
  refusal?: string;
}

/** The Creator's drafts (`useDraft`): the portrait and its video prompt, kept through a reload until its clip is made. */
export const PORTRAIT_DRAFT = 'creator.portrait';
export const VIDEO_PROMPT_DRAFT = 'creator.videoPrompt';

/** A kept portrait as it can be shown again: its check, if it was running, is done again by Generate Video. */
function revivePortrait(kept: unknown): Portrait | null {
  if (typeof kept !== 'object' || kept === null || typeof (kept as Portrait).url !== 'string') return null;
  const portrait = kept as Portrait;
  return { ...portrait, projectId: typeof portrait.projectId === 'number' ? portrait.projectId : null, checking: false };
}

/** An uploaded picture (no project yet): its clip needs the creator's likeness consent. */
const isUpload = (portrait: Portrait) => portrait.projectId === null;

/** Whether the server refused the request for its `consent` (the gateway's field check, or the service's). */
function refusedConsent(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const details = (error.body as { details?: { field?: string; fields?: Record<string, unknown> } } | undefined)?.details;
  return details?.field === 'consent' || details?.fields?.consent !== undefined;
}

/** A bar that rises on its own (the spec's simulation) unless the server reports progress, and hits 100 at the end. */
function useProgress(kind: 'image' | 'video') {
  const [value, setValue] = useState(0);
  const reported = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
  };
  useEffect(() => stop, []);
  return {
    value,
    start() {
      stop();
      reported.current = null;
      setValue(0);
      const started = Date.now();
      timer.current = setInterval(
        () => setValue((previous) => shownProgress(previous, { reported: reported.current, simulated: simulatedProgress(kind, Date.now() - started), done: false })),
        200,
      );
    },
    report(progress: number) {
      reported.current = progress;
    },
    finish(done: boolean) {
      stop();
      setValue((previous) => (done ? 100 : previous));
    },
  };
}

/**
 * AI Influencer Creator (spec section 2): a portrait from a description or an upload, then its 20 s
 * clip. The clip is a silent motion loop and a free preview (one of the day's image previews): its
 * words and voice are added in the wizard, whose talking video is the one generation it costs.
 */
export default function Creator() {
  const ids = { upload: useId(), spend: useId(), talkingSpend: useId() };
  const { user } = useAccount();
  /** Today's image previews are spent: the clip would be refused, and the notice says when they come back. */
  const previewsSpent = clipPreviewsSpent(user);
  const talkingNotice = user ? talkingVideoNotice(user) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState('');
  const [promptError, setPromptError] = useState<string | null>(null);
  const [portrait, setPortrait, forgetPortrait] = useDraft<Portrait | null>(PORTRAIT_DRAFT, null, { revive: revivePortrait });
  const [videoPrompt, setVideoPrompt, forgetVideoPrompt] = useDraft(VIDEO_PROMPT_DRAFT, '', { revive: (kept) => (typeof kept === 'string' ? kept : null) });
  const [videoPromptError, setVideoPromptError] = useState<string | null>(null);
  const [video, setVideo] = useState<{ url: string; projectId: number | null; thumbnail: string; project: InfluencerProject | null } | null>(null);
  const [busy, setBusy] = useState<'image' | 'video' | null>(null);
  const imageProgress = useProgress('image');
  const videoProgress = useProgress('video');
  const [videoWait, setVideoWait] = useState<JobWaitState | null>(null);
  /** The check before charging refused the picture (no face, several, too small, turned): said beside it. */
  const [pictureError, setPictureError] = useState<string | null>(null);
  /** The server refused the clip because today's image previews are spent: said beside its button, nothing ran. */
  const [clipRefusal, setClipRefusal] = useState<string | null>(null);
  /** The format of the talking video the wizard makes from the clip (its step 3 starts on it). */
  const [format, setFormat] = useState<VideoFormatId>(DEFAULT_VIDEO_FORMAT);
  /** The burned-in captions of that talking video (its captions track is made either way). */
  const [captions, setCaptions] = useState<CaptionsChoiceValue>(DEFAULT_CAPTIONS);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Asked again at every upload: the likeness consent ticked for the picture shown, and why it is needed when it is not. */
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentInput = useRef<HTMLInputElement>(null);

  async function makeImage() {
    if (busy) return;
    const parsed = creatorPromptSchema.safeParse(description);
    if (!parsed.success) return void setPromptError(parsed.error.issues[0].message);
    setPromptError(null);
    setBusy('image');
    imageProgress.start();
    let done = false;
    try {
      const image = await generateImage(parsed.data);
      setPortrait({ url: image.url, projectId: image.id, illustration: image.imageKind === 'illustration', coverage: image.coverage });
      setPictureError(null);
      setVideo(null);
      setVideoPrompt(DEFAULT_VIDEO_PROMPT); // the fixed video prompt of section 9, prefilled once there is an image
      setClipRefusal(null);
      done = true;
      void refreshAccount(queryClient); // the portrait took one of today's image previews: the clip's notice counts it
      toast({ title: 'Image Generated', description: 'Are you happy with it? Generate its video next.', variant: 'success' });
    } catch (error) {
      // The server's refusal of the description (e.g. too long, or today's previews spent) belongs beside it; anything else is an event.
      if (error instanceof ApiError && (error.status === 400 || error.status === 429)) setPromptError(error.message);
      else toast({ title: 'Error', description: errorText(error, 'Failed to generate image'), variant: 'destructive' });
    } finally {
      imageProgress.finish(done);
      setBusy(null);
    }
  }

  async function takePicture(file: File | undefined) {
    if (!file) return;
    try {
      const dataUrl = await readPicture(file);
      setPortrait({ url: dataUrl, projectId: null, illustration: false, checking: true });
      setPictureError(null);
      setConsent(false);
      setConsentError(null);
      setVideo(null);
      setVideoPrompt(DEFAULT_VIDEO_PROMPT);
      void checkChosenPicture(dataUrl);
    } catch (error) {
      toast({ title: 'Error', description: errorText(error, 'The picture could not be used.'), variant: 'destructive' });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  /** The check before charging, as soon as a picture is chosen; its answer applies only if that picture is still the one shown. */
  async function checkChosenPicture(dataUrl: string) {
    let refusal: string | undefined;
    try {
      const answer = await checkPicture(dataUrl);
      if (!answer.ok) refusal = answer.message;
    } catch (error) {
      // The upload's own limits (type, size) refuse it here too; when the check could not run, Generate Video checks again.
      if (error instanceof ApiError && error.status === 400) refusal = error.message;
    }
    setPortrait((current) => (current?.url === dataUrl ? { ...current, checking: false, refusal } : current));
  }

  async function makeVideo() {
    if (busy || !portrait || portrait.checking || portrait.refusal || previewsSpent) return;
    const parsedPrompt = videoPromptSchema.safeParse(videoPrompt);
    if (!parsedPrompt.success) return void setVideoPromptError(parsedPrompt.error.issues[0].message);
    setVideoPromptError(null);
    const upload = isUpload(portrait);
    if (upload && !consent) {
      setConsentError(PHOTO_CONSENT_MESSAGE);
      return void consentInput.current?.focus();
    }
    setConsentError(null);
    setClipRefusal(null);
    setBusy('video');
    videoProgress.start();
    setVideoWait(null);
    let done = false;
    try {
      const request = { image: portrait.url, prompt: parsedPrompt.data || DEFAULT_VIDEO_PROMPT, projectId: portrait.projectId, ...(upload ? { consent: true as const } : {}) };
      const url = await generateVideo(request, (progress, state) => {
        videoProgress.report(progress);
        setVideoWait(state);
      });
      if (isPaymentRequired(url)) return;
      done = true;
      // Private to its creator: it reaches the community gallery only if they publish it, with consent.
      const project = await projectOf(url, portrait.projectId).catch(() => null);
      setVideo({ url, projectId: project?.id ?? portrait.projectId, thumbnail: project?.thumbnailUrl ?? '', project });
      // Its clip is made (and listed under "Your influencers"): the portrait is no longer a draft.
      forgetPortrait();
      forgetVideoPrompt();
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      toast({ title: 'Video Generated', description: 'Your silent motion clip is ready: add a voice next.', variant: 'success' });
      void refreshAccount(queryClient);
    } catch (error) {
      // Today's image previews are spent (429): nothing ran; the server's message says when they come back.
      if (error instanceof ApiError && error.status === 429) {
        setClipRefusal(error.message);
        void refreshAccount(queryClient);
      }
      // A picture lip-sync could not use is refused before anything is charged: the reason goes beside it.
      else if (error instanceof ApiError && faceCheckReasonOf(error.body)) setPictureError(withCreditNotUsed(error.message));
      else if (refusedConsent(error)) setConsentError(errorText(error, PHOTO_CONSENT_MESSAGE));
      else toast({ title: 'Error', description: errorText(error, 'Failed to generate video'), variant: 'destructive' });
    } finally {
      videoProgress.finish(done);
      setBusy(null);
    }
  }

  function sendToWizard() {
    if (!video) return;
    const id = String(video.projectId ?? Date.now());
    // Its one name: the one given when publishing it, else its number.
    const title = video.project ? influencerName(video.project) : `Influencer ${id}`;
    handInfluencerToWizard({ id, title, setting: 'AI Influencer', duration: CREATOR_CLIP_SECONDS, thumbnail: video.thumbnail, url: video.url, ...(format === DEFAULT_VIDEO_FORMAT ? {} : { format }), ...(captions === DEFAULT_CAPTIONS ? {} : { captions }) });
    navigate('/');
  }

  return (
    <Page title="AI Influencer Creator" description={`Describe a person or upload a photo, turn it into a silent ${CREATOR_CLIP_SECONDS}-second motion clip, then give it a voice in the video wizard.`}>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Describe your influencer</CardTitle>
              <CardDescription>Who are they, what do they look like, where are they?</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <TextareaField
                label="Image description"
                rows={4}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                placeholder="A cheerful woman in her thirties with curly red hair, in a sunny kitchen"
                error={promptError}
              />
              <div className="flex flex-wrap gap-3">
                {/* Opened by the Upload Image button; out of the tab order, but named for assistive technology (axe: label). */}
                <input ref={fileInput} id={ids.upload} type="file" accept="image/*" aria-label="Image file to upload" tabIndex={-1} className="sr-only" onChange={(event) => void takePicture(event.target.files?.[0])} />
                <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={busy !== null}>
                  Upload Image
                </Button>
                <Button onClick={() => void makeImage()} disabled={busy !== null} aria-busy={busy === 'image'}>
                  {busy === 'image' ? 'Generating Image...' : 'Generate Image'}
                </Button>
              </div>
              {busy === 'image' && <Progress value={imageProgress.value} aria-label="Image generation progress" />}
              <p role="status" aria-live="polite" className="text-sm text-slate-600 empty:hidden">
                {portrait?.checking && 'Checking the photo…'}
              </p>
            </CardContent>
          </Card>
          {portrait && !video && !portrait.checking && (
            <Card>
              <CardHeader>
                <CardTitle>Preview</CardTitle>
                <CardDescription>{portrait.refusal ? 'This photo cannot be animated: choose another one.' : 'Are you happy with this image?'}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-4">
                <div className="relative">
                  <img src={portrait.url} alt="Your influencer" className="aspect-[8/9] w-full rounded-lg object-cover" />
                  {portrait.illustration && (
                    <Badge variant="secondary" className="absolute top-2 left-2">
                      Illustration
                    </Badge>
                  )}
                </div>
                {(pictureError ?? portrait.refusal) && (
                  <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                    {pictureError ?? portrait.refusal}
                  </p>
                )}
                {isUpload(portrait) && (
                  <ConsentField
                    text={LIKENESS_CONSENT_TEXT}
                    checked={consent}
                    onCheckedChange={(checked) => {
                      setConsent(checked);
                      if (checked) setConsentError(null);
                    }}
                    error={consentError}
                    disabled={busy !== null}
                    inputRef={consentInput}
                  />
                )}
                <PortraitCoverage coverage={portrait.coverage} />
                <TextareaField
                  label="Video prompt"
                  rows={2}
                  value={videoPrompt}
                  onChange={(event) => setVideoPrompt(event.target.value)}
                  error={videoPromptError}
                />
                <div className="flex flex-wrap gap-3">
                  <Button variant="outline" onClick={() => void makeImage()} disabled={busy !== null}>
                    Regenerate
                  </Button>
                  <Button onClick={() => void makeVideo()} disabled={busy !== null || Boolean(portrait.refusal) || previewsSpent} aria-busy={busy === 'video'} aria-describedby={user ? ids.spend : undefined}>
                    {busy === 'video' ? 'Generating Video...' : 'Generate Video'}
                  </Button>
                </div>
                {user && (
                  <p id={ids.spend} data-testid="spend-notice" className="text-sm text-slate-500">
                    {clipNotice(user)}
                  </p>
                )}
                {clipRefusal && (
                  <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                    {clipRefusal}
                  </p>
                )}
                {busy === 'video' && <Progress value={videoProgress.value} aria-label="Video generation progress" />}
                {busy === 'video' && <JobWaitNote state={videoWait} />}
              </CardContent>
            </Card>
          )}
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Video Result</CardTitle>
            <CardDescription>A silent motion clip of your influencer: add a voice next.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {video ? (
              <>
                {/* The clip's own first frame (its thumbnail; the clip is always a portrait card), else its portrait. */}
                <VideoPlayer src={video.url} poster={video.thumbnail || portrait?.url} title="Influencer video" loop downloadName={`influencer-video-${Date.now()}.mp4`} />
                <p className="text-sm text-emerald-700">Your video plays for {CREATOR_CLIP_SECONDS} seconds, looping forward and backward.</p>
                <p className="text-sm text-slate-700">It is a silent motion clip: add a voice next. Write what your influencer says in the video wizard, which voices it and lip-syncs the clip.</p>
                <VideoFormatChoice value={format} onChange={setFormat} label="Format of the talking video" />
                <CaptionsChoice value={captions} onChange={setCaptions} label="Burned-in captions of the talking video" />
                <Button onClick={sendToWizard} aria-describedby={talkingNotice ? ids.talkingSpend : undefined}>
                  Generate Audio for this Video
                </Button>
                {talkingNotice && (
                  <p id={ids.talkingSpend} data-testid="spend-notice" className="text-sm text-slate-500">
                    {talkingNotice}
                  </p>
                )}
                {video.project && (
                  <PublishPanel
                    key={`${video.project.id}-${video.project.isApproved}`}
                    project={video.project}
                    onChange={(project) => {
                      setVideo((current) => (current ? { ...current, project } : current));
                      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
                    }}
                  />
                )}
              </>
            ) : (
              <div className="grid aspect-[8/9] place-items-center rounded-lg border-2 border-dashed border-slate-200 text-center text-slate-500">
                <p className="px-6">Your video will appear here once you generate it.</p>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <OwnActors />
      <YourInfluencers
        onChange={(project) => {
          setVideo((current) => (current?.project?.id === project.id ? { ...current, project } : current));
          void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
        }}
      />
    </Page>
  );
}

/** The creator's own influencers with a clip: all private until published, each publishable or unpublishable here. */
function YourInfluencers({ onChange }: { onChange: (project: InfluencerProject) => void }) {
  const { data } = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: listProjects });
  const made = data?.filter((project) => project.outputUrl) ?? [];
  if (made.length === 0) return null;
  return (
    <section aria-labelledby="your-influencers" className="mt-10 space-y-4">
      <h2 id="your-influencers" className="text-xl font-semibold text-slate-900">
        Your influencers
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {made.map((project) => (
          <li key={project.id} aria-label={`Your influencer ${project.id}`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-3">
            <img src={project.thumbnailUrl ?? project.imageUrl} alt="" className="aspect-[3/4] w-full rounded-lg object-cover" />
            <h3 className="font-semibold text-slate-900">{influencerName(project)}</h3>
            <OpenInWizard project={project} />
            <PublishPanel key={`${project.id}-${project.isApproved}`} project={project} onChange={onChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}
