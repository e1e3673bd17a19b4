/** The landing page's words (spec section 2), kept apart from its layout: honest about what the built-in studio makes, in a creator's words. */
import { CREATOR_CLIP_SECONDS, EXTRA_PACK_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';

export const SECTIONS = [
  { id: 'create', label: 'Create Your Influencer' },
  { id: 'process', label: 'Three-Step Process' },
  { id: 'get-started', label: 'Get Started' },
] as const;

export const BENEFITS = [
  { title: 'No camera, no studio', text: 'Your actor is ready the moment you are. Write the words; Lipcast does the talking.' },
  { title: 'Voices with feeling', text: 'Seventeen voices and seven emotions, with pitch and speed you set yourself.' },
  { title: 'Made in minutes', text: 'A video with a built-in actor is ready in seconds; a photo-realistic one in a few minutes.' },
  { title: 'Yours to use', text: 'Download every video as an MP4 and post it wherever your audience is.' },
] as const;

export const STEPS = [
  { title: 'Select an actor', text: 'Pick one of fourteen built-in actors, or a community influencer.' },
  { title: 'Create audio', text: 'Type the dialogue, choose a voice and an emotion, and listen to the preview.' },
  { title: 'Generate video', text: 'Lipcast moves the lips in time with every sound, and you download the result.' },
] as const;

export const UGC_PROBLEMS = [
  'Creators are booked for weeks and charge per video',
  'Every script change means a new shoot',
  'Testing ten hooks means ten recordings',
] as const;

export const UGC_SOLUTIONS = [
  'Your influencer is available whenever you are',
  'Change a word and generate again',
  'Try ten hooks in the time one shoot takes',
] as const;

export const FEATURES = [
  { title: 'AI Influencer Creator', text: `Describe a person or upload a photo, and turn the portrait into a ${CREATOR_CLIP_SECONDS}-second talking clip.` },
  { title: 'One Shot video', text: 'Give a description, a gender and a topic; Lipcast writes the script, makes the face, the voice and the video in one run.' },
  { title: 'Community gallery', text: 'Share your influencers and use the ones others have made public.' },
] as const;

export const FAQ = [
  {
    question: 'What is Lipcast?',
    answer: 'A web app that turns written dialogue into a video of a digital actor speaking it, with the lips in time with the voice.',
  },
  {
    question: 'How long does a video take?',
    answer: 'With the built-in engine a short clip is ready in seconds. With the cloud models a video usually takes two to three minutes.',
  },
  {
    question: 'How many videos can I make for free?',
    answer: `Three. Premium gives you ${PREMIUM_GENERATIONS_PER_PERIOD} videos a month, and extra packs of ${EXTRA_PACK_GENERATIONS} never expire.`,
  },
  {
    question: 'Are the actors and voices real people?',
    answer: 'No. The built-in actors are drawn characters and the voices are synthetic; they are not based on real individuals.',
  },
  {
    question: 'Can I use my own photo?',
    answer: 'Yes. Upload a clear, front-facing picture of one person (up to 10 MB) in the AI Influencer Creator.',
  },
  {
    question: 'Can I use the videos commercially?',
    answer: 'Yes, the videos you make are yours to download and publish. Make sure you have the rights to any photo you upload.',
  },
] as const;
