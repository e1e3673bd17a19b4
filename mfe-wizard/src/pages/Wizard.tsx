import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { lazyWithPreload, Page, Spinner, whenEngaged } from '@lipcast/ui';
import { clearHandedAudio, clearSelectedInfluencer, dismissToast, generationAllowance, generationsLeft, isPremium, loadRemoteComponent, readHandedAudio, readSelectedInfluencer, useAccount, type SelectedVideo } from '@lipcast/web-kit';
import { ActorStep } from '../wizard/ActorStep';
import type { CreatedAudio } from '../wizard/AudioStep';
import { WizardHeader } from '../wizard/WizardHeader';
import '../styles.css';

interface UpgradePanelProps {
  limit?: number;
  requiresAdditionalOnly?: boolean;
}
/** If the billing remote cannot be loaded, a plain link still leads to the plans. */
function UpgradeLink() {
  return (
    <p className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-slate-700">
      You have used all your generations. <Link to="/subscribe" className="font-semibold text-brand-700 underline">Upgrade to Premium</Link> to make more videos.
    </p>
  );
}
const UpgradePanel = lazy(() =>
  loadRemoteComponent<UpgradePanelProps>('mfe_billing', './UpgradePanel').catch((): { default: ComponentType<UpgradePanelProps> } => ({ default: UpgradeLink })),
);

// Steps 2 and 3 (their voice picker, recorder, player and generation code) are not fetched before
// step 1 has shown, so the signed-in `/` fetches only step 1's code (issue 38, item 2); they are
// fetched once the user starts using step 1, when idle (`whenEngaged`; or when reached, if sooner), so a
// step is there, whole, when the user moves on: a key pressed as it opens lands in it, not around a spinner.
const AudioStep = lazyWithPreload(() => import(/* webpackChunkName: "wizard-audio-step" */ '../wizard/AudioStep').then((module) => module.AudioStep));
const VideoStep = lazyWithPreload(() => import(/* webpackChunkName: "wizard-video-step" */ '../wizard/VideoStep').then((module) => module.VideoStep));

/** Each step's heading and subtitle (spec section 2). */
const STEP_TEXTS = {
  1: { title: 'Select Your Actor', description: () => 'Choose a digital actor that will be animated with your custom audio.' },
  2: { title: 'Create Audio', description: (video: SelectedVideo | null) => `Write what ${video?.title ?? 'your actor'} should say (${video?.duration ?? 0}s video) and pick a voice.` },
  3: { title: 'Generate Video', description: (video: SelectedVideo | null) => `Put your audio on ${video?.title ?? 'your actor'}.` },
} as const;

/** The classic three-step wizard (spec section 2, "Main wizard"). */
export default function Wizard() {
  const { user } = useAccount();
  // An influencer chosen in the Creator or the gallery starts the wizard at step 2, once; with an
  // audio from the history (/profile's "Make the video", /projects' "Open in the wizard"), at step 3.
  const [initial] = useState(() => readSelectedInfluencer());
  const [initialAudio] = useState(() => (initial ? readHandedAudio() : null));
  useEffect(() => {
    if (initial) clearSelectedInfluencer();
    clearHandedAudio();
  }, [initial]);
  const [video, setVideo] = useState<SelectedVideo | null>(initial);
  const [audio, setAudio] = useState<CreatedAudio | null>(initialAudio);
  const [step, setStep] = useState<1 | 2 | 3>(initialAudio ? 3 : initial ? 2 : 1);
  const nothingLeft = user !== null && generationsLeft(user) === 0;
  useEffect(
    () =>
      whenEngaged(() => {
        void AudioStep.preload();
        void VideoStep.preload();
      }),
    [],
  );
  // A step's toasts belong to that step: they must not cover the next one (issue 16).
  useEffect(() => dismissToast(), [step]);
  // A new step starts at its title, in view and focused (issue 37, item 4): the page's scroll
  // position and the focus would otherwise stay where the last step's button was.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (step === shownStep.current) return;
    shownStep.current = step;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  // Out of generations: the offer comes before the steps that lead to a video, and after the video
  // itself on the last step, whose result stays first in view (issue 37, item 2).
  const upgrade = nothingLeft && (
    <div className={step === 3 ? 'mt-8' : 'mb-8'} data-remote="mfe_billing">
      <Suspense fallback={<Spinner label="Loading plans..." />}>
        <UpgradePanel limit={generationAllowance(user)} requiresAdditionalOnly={isPremium(user)} />
      </Suspense>
    </div>
  );

  return (
    // The links and progress come before the step's title, so a new step's focused title starts the
    // Tab order at the step's own fields (issue 37, item 6: the three links were passed on each step).
    <Page title={STEP_TEXTS[step].title} description={STEP_TEXTS[step].description(video)} headingRef={heading} header={<WizardHeader step={step} />}>
      {step !== 3 && upgrade}
      {step === 1 && (
        <ActorStep
          onContinue={(actor) => {
            setVideo(actor);
            setAudio(null);
            setStep(2);
          }}
        />
      )}
      <Suspense fallback={<Spinner label="Loading the next step" />}>
        {step === 2 && video && (
          <AudioStep
            video={video}
            initial={audio}
            onBack={() => setStep(1)}
            onNext={(created) => {
              setAudio(created);
              setStep(3);
            }}
          />
        )}
        {step === 3 && video && audio && <VideoStep video={video} audio={audio} onBack={() => setStep(2)} />}
      </Suspense>
      {step === 3 && upgrade}
    </Page>
  );
}
