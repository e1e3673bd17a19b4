/**
 * The first three posts, seeded by migration so a new installation has a useful blog. Their numbers
 * come from the product: 2.5 spoken words per second in the wizard, words / 2.2 + 1 seconds (at most
 * 15) in the One Shot pipeline, pitch −10..10, speed 0.5..2 and the seven emotions.
 * Body format: plain paragraphs separated by a blank line; a line starting with `## ` is a heading.
 */
export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  body: string;
}

const SCRIPT_POST: SeedPost = {
  slug: 'how-to-write-a-script-that-fits-your-actors-clip',
  title: "How to write a script that fits your actor's clip",
  excerpt:
    'Every actor clip has a fixed length, and your audio has to fit inside it. Here is how to count words, estimate speaking time and trim a script until it lands.',
  author: 'Lipcast Team',
  publishedAt: '2026-11-18T09:00:00Z',
  body: `A lip-synced video is only as good as the fit between the voice and the picture. Each digital actor in Lipcast comes with a clip of a fixed length (8, 10, 15 or 20 seconds), and the audio you generate has to end before the clip does. If it runs longer, the last words have no mouth movement to carry them.

## How Lipcast estimates speaking time

The wizard estimates the length of your audio from the word count: speech runs at about 2.5 words per second. A script of 20 words comes out at about 8 seconds, one of 30 words at about 12 seconds. The estimate updates as you type, and when it is longer than the selected clip the text area turns red and you cannot continue until the script fits.

## A quick word budget per clip

Multiply the clip length by 2.5 and you have your budget. An 8 second clip holds about 20 words. A 10 second clip holds about 25 words. A 15 second clip holds about 37 words, and a 20 second clip about 50. Aim a little under the budget: a pause at the end looks natural, a sentence cut off does not.

## Write for the ear, not the page

Short sentences are easier to say and easier to lip-sync. Prefer one idea per sentence and put the most important words first, so the message survives even if a viewer scrolls away after three seconds. Read the script out loud once: wherever you stumble, the voice will too.

## Trim without losing the message

Cut filler words such as "really", "just" and "actually". Replace phrases with single words ("in order to" becomes "to"). Drop the greeting if the clip is short; the actor's face already says hello. Numbers read as words, so "2026" costs more time than it looks like on screen.

## Match the tone to the actor

A calm actor in a studio setting suits an explanation; an energetic performance suits a teaser or a call to action. Pick the voice and emotion after the script is final, because a faster speed setting changes how much text fits, but the estimate in the wizard always assumes normal speed. If you speed the voice up, you gain a little room; if you slow it down, leave more margin.`,
};

const VOICE_POST: SeedPost = {
  slug: 'choosing-a-voice-and-an-emotion',
  title: 'Choosing a voice and an emotion',
  excerpt:
    'The built-in voices, the seven emotions and the pitch and speed controls: what each does and how to combine them for a voice that suits your actor.',
  author: 'Lipcast Team',
  publishedAt: '2026-11-20T09:00:00Z',
  body: `Once your script fits the clip, the voice decides how it lands. Lipcast gives you a list of built-in voices, seven emotions and fine controls for pitch and speed. The default is Friendly_Person with a neutral emotion, normal pitch and normal speed, which is a safe starting point for almost any actor.

## The voices by character

Warm and approachable: Friendly_Person, Calm_Woman, Casual_Guy and Patient_Man suit explainers, tutorials and customer messages. Bright and youthful: Lively_Girl, Lovely_Girl, Sweet_Girl_2, Exuberant_Girl, Inspirational_girl and Decent_Boy suit upbeat social clips and product teasers. Deep and authoritative: Deep_Voice_Man, Determined_Man, Imposing_Manner and Elegant_Man suit announcements, trailers and serious topics. Mature and reflective: Wise_Woman and Abbess suit storytelling and advice. Young_Knight sits between the bright and the authoritative groups and works well for adventurous, game-like content. In the voice list the underscores are shown as spaces.

## The seven emotions

Neutral is the default and the most versatile. Happy lifts the delivery for greetings and good news. Sad softens and slows it for sympathetic messages. Angry adds force, useful for drama and parody. Fearful adds tension for suspense. Disgusted suits comedy and strong opinions. Surprised adds energy to reveals and plot twists. The emotion colours the whole clip, so pick the one that fits the main message rather than a single line.

## Pitch: from −10 to 10

Pitch moves the voice up or down in whole steps from −10 to 10, with 0 as the voice's natural pitch. Small moves of 1 to 3 steps are usually enough to match a voice to an actor's face; large moves sound artificial. Lower the pitch a little for a calmer, more serious effect, raise it for a lighter one.

## Speed: from 0.5 to 2

Speed runs from 0.5 (half speed) to 2 (double speed) in steps of 0.1, with 1 as normal. Remember that the wizard estimates duration at normal speed: if your script is slightly too long, a speed of 1.1 or 1.2 can rescue it without sounding rushed. Below 0.8 speech starts to sound sleepy, above 1.4 it gets hard to follow.

## A simple recipe

Start with the voice whose character matches your actor, keep the emotion neutral, and generate once. Then change one thing at a time: emotion first, then speed, then pitch. Listening to two or three versions side by side is the quickest way to hear which one feels right.`,
};

const ONE_SHOT_POST: SeedPost = {
  slug: 'from-idea-to-video-with-the-one-shot-pipeline',
  title: 'From idea to video with the One Shot pipeline',
  excerpt:
    'Describe an influencer, pick a gender and give a topic: the One Shot pipeline writes the script, draws the face, records the voice and delivers a 15 second video.',
  author: 'Lipcast Team',
  publishedAt: '2026-11-22T09:00:00Z',
  body: `The One Shot Influencer Video page turns three inputs into a finished talking video. You describe the person, choose their gender, give a topic, and the pipeline does the rest in one go: script, image, voice and lip-synced video.

## The three inputs

The influencer description says who appears on screen: age, look, clothing, setting and mood, in 10 to 1000 characters. "A cheerful woman in her thirties with short red hair, in a bright kitchen" gives much better results than "a woman". The gender, male or female (male by default), selects a matching voice. The script topic, also 10 to 1000 characters, says what the influencer talks about; write it as a brief to a copywriter, for example "Three quick tips for keeping basil alive on a windowsill".

## Step one: the script

The pipeline writes a script on your topic that fits within 15 seconds. It estimates the spoken length as the word count divided by 2.2, plus one second for breathing room, so the script stays at about 30 words. A short, focused topic produces a tighter script than a broad one.

## Step two: the image

Next it draws the influencer from your description as a portrait image of 640x720 pixels. The framing is chosen for talking-head video: face and shoulders, looking at the camera. If the face is hidden or very small, the lip-sync has little to work with, so describe a clear, front-facing person.

## Step three: voice and video

The script is then spoken in a voice that matches the gender you chose, and the portrait is animated into a 15 second clip whose lips follow the audio. When the pipeline completes, the video appears on the page, ready to watch and download.

## Tips for better results

Keep the description and the topic consistent: a fitness coach talking about stretching is more convincing than a chef talking about stretching. Put the hook of the message in the topic itself, because the first seconds of the video decide whether people keep watching. And if a result is not quite right, change one input at a time and run the pipeline again.`,
};

export const SEED_POSTS: readonly SeedPost[] = [SCRIPT_POST, VOICE_POST, ONE_SHOT_POST];
