import { useEffect, useState } from 'react';
import { EXTRA_PACK_GENERATIONS, FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';
import { Button, Page } from '@lipcast/ui';
import '../styles.css';

interface Slide {
  title: string;
  points: readonly string[];
}

/** The pitch, one idea per slide; real numbers only where we have them. */
export const SLIDES: readonly Slide[] = [
  {
    title: 'Lipcast: talking videos from a script',
    points: ['Pick a digital actor, write the words, get a lip-synced video.', 'Three ways in: the three-step wizard, the AI Influencer Creator and One Shot.'],
  },
  {
    title: 'The problem',
    points: [
      'Short-form video ads need a face, and creators are booked, slow and priced per video.',
      'Every new hook, language or product means another shoot.',
    ],
  },
  {
    title: 'The product',
    points: [
      'Fourteen built-in actors, seventeen voices, seven emotions, pitch and speed.',
      'Create an influencer from a sentence or a photo; One Shot writes the script and makes the whole video in one run.',
      'A community gallery of influencers others have shared.',
    ],
  },
  {
    title: 'How it works',
    points: [
      'Voices, faces and lip-sync come from leading AI models (Replicate, OpenAI), and a built-in studio makes videos even without them.',
      'Every video that is paid for arrives, and is charged once, even when a server restarts halfway through making it.',
      'Capacity grows with demand: more videos at once takes more servers, not more people.',
    ],
  },
  {
    title: 'Business model',
    points: [`Free: ${FREE_GENERATIONS} videos to try.`, `Premium: ${PREMIUM_GENERATIONS_PER_PERIOD} videos a month.`, `Extra packs of ${EXTRA_PACK_GENERATIONS} videos that never expire.`],
  },
  {
    title: 'Why we win',
    points: [
      'Fast: a video with a built-in actor is ready in about a tenth of its own length.',
      'Honest: synthetic voices and faces, labelled as such, cleared for commercial use.',
      'Open to any model: a better one can be switched in without rebuilding the product.',
    ],
  },
] as const;

/** `/pitch-deck`: the slides one at a time, with buttons and the arrow keys. */
export default function PitchDeck() {
  const [index, setIndex] = useState(0);
  const go = (next: number) => setIndex(Math.min(SLIDES.length - 1, Math.max(0, next)));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((current) => Math.min(SLIDES.length - 1, current + 1));
      if (event.key === 'ArrowLeft') setIndex((current) => Math.max(0, current - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const slide = SLIDES[index];
  return (
    <Page title="Lipcast Pitch Deck" description="What Lipcast is, for whom, and why it works.">
      <section aria-roledescription="slide" aria-label={`Slide ${index + 1} of ${SLIDES.length}`} className="min-h-80 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-10 text-white shadow-lg">
        <h2 className="text-3xl font-bold">{slide.title}</h2>
        <ul className="mt-6 list-disc space-y-3 pl-6 text-lg text-brand-50">
          {slide.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <div className="mt-6 flex items-center justify-between">
        <Button variant="outline" onClick={() => go(index - 1)} disabled={index === 0}>
          Previous
        </Button>
        <p className="text-sm text-slate-600">
          {index + 1} / {SLIDES.length}
        </p>
        <Button onClick={() => go(index + 1)} disabled={index === SLIDES.length - 1}>
          Next
        </Button>
      </div>
    </Page>
  );
}
