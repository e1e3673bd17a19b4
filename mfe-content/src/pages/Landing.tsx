import { useEffect, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { API_ROUTES, type SamplePoster } from '@lipcast/contracts';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Button,
  buttonVariants,
  Card,
  CardContent,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Logo,
  MAIN_ID,
  SiteFooter,
  SkipLink,
} from '@lipcast/ui';
import { callApi, loginUrl, navigateAway, useAccount } from '@lipcast/web-kit';
import { LEAD_SLOT, largestPoster, POSTER_SIZES, posterSrcSet, SAMPLE_BOX_CLASS, SAMPLE_POSTER_CLASS, SAMPLE_VIDEO_CLASS, sampleSlots, type SampleGroup, type SampleSlot } from '../landing/sample-slots';
import { BENEFITS, FAQ, FEATURES, SECTIONS, STEPS, UGC_PROBLEMS, UGC_SOLUTIONS } from '../landing/landing-copy';
import '../styles.css';

const fetchSamples = () => callApi(API_ROUTES.samples, { expectUnauthorized: true });

/**
 * The section in view, for the header's highlight: the one whose top passed the header last, or the
 * last section once the page is scrolled to its end (a short last section never reaches the header).
 */
function useSectionInView(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    const update = () => {
      let inView: string | null = null;
      for (const id of ids) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= 120) inView = id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const last = ids[ids.length - 1];
      if (atBottom && last && document.getElementById(last)) inView = last;
      setCurrent(inView);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [ids]);
  return current;
}

/**
 * A sample's poster, the still the box shows until its video plays (decorative: the video is labelled).
 * The lead one is the page's largest first paint: preloaded (the link goes into the prerendered page) and fetched first.
 */
function SamplePicture({ posters, group, lead }: { posters: SamplePoster[]; group: SampleGroup; lead: boolean }) {
  const largest = largestPoster(posters);
  if (!largest) return null;
  if (lead) preload(largest.avif, { as: 'image', type: 'image/avif', imageSrcSet: posterSrcSet(posters, 'avif'), imageSizes: POSTER_SIZES[group], fetchPriority: 'high' });
  return (
    <picture>
      <source type="image/avif" srcSet={posterSrcSet(posters, 'avif')} sizes={POSTER_SIZES[group]} />
      <source type="image/webp" srcSet={posterSrcSet(posters, 'webp')} sizes={POSTER_SIZES[group]} />
      <img
        src={largest.webp}
        width={largest.width}
        height={largest.height}
        alt=""
        className={SAMPLE_POSTER_CLASS}
        decoding="async"
        fetchPriority={lead ? 'high' : undefined}
        loading={group === 'examples' ? 'lazy' : undefined}
      />
    </picture>
  );
}

/** A reserved sample box: its poster (the lead one at once, the others once the list loads) under the video (muted, looping). */
function SampleBox({ group, slot: { slot, sample, posters }, muted = true }: { group: SampleGroup; slot: SampleSlot; muted?: boolean }) {
  const poster = posters && largestPoster(posters);
  return (
    <div data-sample-slot={slot} className={SAMPLE_BOX_CLASS}>
      {posters && <SamplePicture posters={posters} group={group} lead={slot === LEAD_SLOT} />}
      {sample && (
        <video src={sample.url} poster={poster?.webp} preload="metadata" aria-label={sample.title} className={SAMPLE_VIDEO_CLASS} autoPlay loop playsInline muted={muted} />
      )}
    </div>
  );
}

function ExampleVideo({ slot }: { slot: SampleSlot }) {
  const [muted, setMuted] = useState(true);
  const { sample } = slot;
  return (
    <figure className="space-y-3">
      <div className="relative">
        <SampleBox group="examples" slot={slot} muted={muted} />
        <Button size="sm" variant="outline" className="absolute right-3 bottom-3 bg-white/90" onClick={() => setMuted(!muted)} aria-pressed={!muted}>
          {muted ? 'Unmute' : 'Mute'}
        </Button>
      </div>
      <figcaption className="min-h-6 text-center font-medium text-slate-800">{sample?.title}</figcaption>
    </figure>
  );
}

const ctaClass = buttonVariants({ size: 'lg' });

/** One landing section: its heading (which names it) and content, on a tinted band or not. */
function Section({ name, title, tinted = false, width = 'max-w-7xl', id, children }: { name: string; title: string; tinted?: boolean; width?: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${name}-title`} className={cn('scroll-mt-20 py-16', tinted && 'bg-slate-50')}>
      <div className={cn('mx-auto px-4', width)}>
        <h2 id={`${name}-title`} className="text-center text-3xl font-bold text-slate-900">
          {title}
        </h2>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** The public landing page at `/` (spec section 2): it brings its own fixed header and footer. */
export default function Landing() {
  const { isSignedIn } = useAccount();
  const [redirecting, setRedirecting] = useState(false);
  const samples = useQuery({ queryKey: [API_ROUTES.samples.path], queryFn: fetchSamples });
  const inView = useSectionInView(SECTIONS.map((section) => section.id));
  const signIn = () => {
    setRedirecting(true);
    if (!navigateAway(loginUrl('/'), 'Login failed')) setRedirecting(false);
  };

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
          <Logo />
          <nav aria-label="Sections" className="hidden gap-6 text-sm md:flex">
            {SECTIONS.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                aria-current={inView === section.id ? 'true' : undefined}
                className={cn('font-medium', inView === section.id ? 'text-brand-700 underline underline-offset-8' : 'text-slate-600 hover:text-slate-900')}
              >
                {section.label}
              </a>
            ))}
          </nav>
          <div className="flex min-w-0 items-center gap-1 sm:gap-2">
            <Link to="/pricing" className="hidden px-2 text-sm font-medium text-slate-600 hover:text-slate-900 md:inline">
              Pricing
            </Link>
            {isSignedIn ? (
              <Button asChild className="h-11 px-3 sm:px-4">
                <Link to="/ai-influencer">Create Your Influencer</Link>
              </Button>
            ) : (
              <Button onClick={signIn} disabled={redirecting} className="h-11 px-3 sm:px-4">
                {redirecting ? 'Redirecting...' : 'Log in or Sign Up'}
              </Button>
            )}
            {/* On small screens the section links live in a menu (its items are portalled to the shell). */}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" className="size-11 md:hidden" aria-label="Menu">
                  <span aria-hidden className="text-xl leading-none">
                    ☰
                  </span>
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                {SECTIONS.map((section) => (
                  <DropdownMenuItem key={section.id} asChild>
                    <a href={`#${section.id}`} aria-current={inView === section.id ? 'true' : undefined}>
                      {section.label}
                    </a>
                  </DropdownMenuItem>
                ))}
                <DropdownMenuItem asChild>
                  <Link to="/pricing">Pricing</Link>
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        <section id="create" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">Lip-synced AI videos from a script</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Pick a digital actor or create your own influencer, write what they say, choose a voice, and get a video you can post today.
          </p>
          <Link to="/ai-influencer" className={cn(ctaClass, 'mt-8')}>
            Create Your Influencer
          </Link>
          <div aria-label="Sample videos" role="group" className="mt-12 grid gap-4 sm:grid-cols-3">
            {sampleSlots('hero', samples.data).map((slot) => (
              <SampleBox key={slot.slot} group="hero" slot={slot} />
            ))}
          </div>
        </section>

        <Section name="benefits" title="Why creators use Lipcast" tinted>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              {BENEFITS.map((benefit) => (
                <li key={benefit.title} className="rounded-xl bg-white p-6 shadow-sm">
                  <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
                </li>
              ))}
          </ul>
        </Section>

        <Section id="process" name="process" title="Three steps to a talking video">
          <ol className="grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-6">
                <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section name="ugc" title="UGC without the waiting" tinted width="max-w-5xl">
            <div className="grid gap-6 md:grid-cols-2">
              {[
                { title: 'The usual way', tone: 'text-red-700', points: UGC_PROBLEMS },
                { title: 'With Lipcast', tone: 'text-emerald-700', points: UGC_SOLUTIONS },
              ].map((column) => (
                <Card key={column.title}>
                  <CardContent className="p-6">
                    <h3 className={cn('font-semibold', column.tone)}>{column.title}</h3>
                    <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                      {column.points.map((point) => (
                        <li key={point}>{point}</li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              ))}
            </div>
        </Section>

        <Section name="text" title="From text to influencer" width="max-w-4xl">
          <p className="text-center text-lg text-slate-600">
            Describe a person in a sentence. Lipcast makes the portrait, the voice and the video. The built-in studio draws an illustrated character with a synthetic
            voice; where the photo-realistic AI models are switched on, they make a real-looking person. Or film yourself once and make your own face say anything.
          </p>
        </Section>

        <Section name="examples" title="See it speak" tinted width="max-w-5xl">
            <div className="grid gap-8 md:grid-cols-2">
              {sampleSlots('examples', samples.data).map((slot) => (
                <ExampleVideo key={slot.slot} slot={slot} />
              ))}
            </div>
        </Section>

        <Section name="features" title="Everything in one place">
          <div className="grid gap-6 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <Card key={feature.title}>
                <CardContent className="p-6">
                  <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-slate-600">{feature.text}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </Section>

        <Section name="faq" title="Frequently asked questions" width="max-w-3xl">
          <Accordion type="single" collapsible>
            {FAQ.map((item) => (
              <AccordionItem key={item.question} value={item.question}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </Section>

        <section id="get-started" aria-labelledby="start-title" className="scroll-mt-20 bg-brand-600 py-16 text-center text-white">
          <h2 id="start-title" className="text-3xl font-bold">
            Your first three videos are free
          </h2>
          <p className="mt-3 text-brand-50">Create an influencer and give it something to say.</p>
          <Link to="/ai-influencer" className={cn(buttonVariants({ size: 'lg', variant: 'outline' }), 'mt-8 bg-white text-brand-700')}>
            Get Started
          </Link>
          <p className="mt-6">
            <Link to="/pricing" className="font-medium text-white underline underline-offset-4 hover:text-brand-50">
              Compare plans and pricing
            </Link>
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
