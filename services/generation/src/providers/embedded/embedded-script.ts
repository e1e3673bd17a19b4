import { createHash } from 'node:crypto';
import { scriptSeconds, scriptWordCount as countWords } from '@lipcast/contracts';
import { ScriptPort, scriptWordBudget, type ScriptRequest } from '../../ports/script.port';
import { indefiniteArticle, readTopic, topicText, type Topic, type TopicRole } from './topic-grammar';

/**
 * A sentence with a slot for the topic. `{topic}` is the topic mid-sentence, `{Topic}` the topic opening
 * the sentence; `{a} {adjective}` is an adjective with its article. Each template names the topic roles
 * whose grammar fits its slot: "have you ever tried {topic}?" takes "running a marathon", never
 * "why everyone should learn to fall".
 */
interface HookTemplate {
  text: string;
  roles: readonly TopicRole[];
  /** Question words the slot does not read well with ("here is whether ..."). */
  avoid?: readonly string[];
}

const HOOKS: readonly HookTemplate[] = [
  { text: 'Let me tell you about {topic}.', roles: ['noun', 'gerund'] },
  { text: "Let's talk about {topic}.", roles: ['noun', 'gerund'] },
  { text: 'Here is what nobody tells you about {topic}.', roles: ['noun', 'gerund'] },
  { text: 'Here is {a} {adjective} look at {topic}.', roles: ['noun', 'gerund'] },
  { text: 'Today it is all about {topic}.', roles: ['noun'] },
  { text: 'Have you ever tried {topic}?', roles: ['gerund'] },
  { text: 'Thinking about {topic}?', roles: ['gerund'] },
  { text: 'Want to {topic}? Here is how.', roles: ['verb'] },
  { text: 'Want to {topic}?', roles: ['verb'] },
  { text: 'Let me show you how to {topic}.', roles: ['verb'] },
  { text: 'Here is how to {topic}.', roles: ['verb'] },
  { text: 'Let me tell you {topic}.', roles: ['wh-clause'] },
  { text: 'Ever wondered {topic}?', roles: ['wh-clause'] },
  { text: 'Here is {topic}.', roles: ['wh-clause'], avoid: ['whether', 'who', 'whom', 'whose', 'which'] },
  { text: 'Quick question: {topic}?', roles: ['question'] },
  { text: '{Topic}? Let me give you my honest answer.', roles: ['question'] },
  { text: '{Topic}? Here is what I think.', roles: ['question'] },
  { text: '{Topic}?', roles: ['question'] },
  { text: '{Topic}. Here is why.', roles: ['statement'] },
  { text: '{Topic}. Let me explain.', roles: ['statement'] },
  { text: 'Real talk: {topic}.', roles: ['statement'] },
  { text: '{Topic}.', roles: ['statement'] },
  { text: '{Topic}, this one is for you.', roles: ['condition'] },
  { text: '{Topic}, listen up.', roles: ['condition'] },
];
/** For a topic with nothing left to say after cleaning ("?!", "why", emoji only). */
const GENERIC_HOOKS = ['Here is something worth knowing.', 'Let me share a quick thought.', 'Listen to this.'];
const LOOK_ADJECTIVES = ['quick', 'honest', 'closer', 'inside', 'fresh', 'one-minute', 'unfiltered', 'eye-opening'];

/**
 * Lines of colour and calls to action for a thing to try (noun, gerund, imperative, condition), a question
 * to answer (wh-clause, question) or a claim (statement). No pronoun points back at the topic, so
 * "home workouts" and "AI" read equally well.
 */
type Family = 'thing' | 'question' | 'claim';
const FAMILY: Record<TopicRole, Family> = { noun: 'thing', gerund: 'thing', verb: 'thing', 'wh-clause': 'question', question: 'question', statement: 'claim', condition: 'thing' };
const BRIDGES: Record<Family, readonly string[]> = {
  thing: ['It is simpler than you think.', 'Most people overcomplicate this.', 'Small steps make a big difference.', 'Here is {a} {adjective} tip: start small.', 'You can start today.'],
  question: ['The answer is simpler than you think.', 'Honestly, the answer surprised me.', 'Most people never stop to ask.', 'Stick with me for a few seconds.'],
  claim: ['Hear me out.', 'I know it sounds bold.', 'It matters more than you think.', 'Stick with me for a few seconds.'],
};
const TIP_ADJECTIVES = ['easy', 'useful', 'honest', 'simple', 'underrated', 'one-minute', 'unexpected', 'quick'];
const CLOSERS: Record<Family, readonly string[]> = {
  thing: ['Give this a try and tell me what you think!', 'Follow for more tips like this.', 'Try this out and tell me how it goes!', 'Save this so you do not forget.'],
  question: ['Tell me what you think in the comments!', 'Follow for more like this.', 'Save this for later.', 'Share this with a friend who wonders too.'],
  claim: ['Tell me what you think in the comments!', 'Follow for more like this.', 'Save this for later.', 'Share this with a friend who needs it.'],
};
/** Most topic words a hook carries, so a call to action still fits in One Shot's 30 words. */
const TOPIC_MAX_WORDS = 12;

export interface ScriptDraft {
  script: string;
  /** The topic's grammatical role; undefined when nothing usable was left of it. */
  role: TopicRole | undefined;
  /** The hook template used, or the generic hook. */
  hook: string;
}

/**
 * A hook about the topic, one or two lines of colour and a call to action, within `scriptWordBudget` words.
 * The hook is chosen among templates whose slot fits the topic's role; the topic is shortened only where
 * a phrase ends. Deterministic for a topic, so a retried run says the same thing.
 */
export function draftScript(rawTopic: string, maxDurationSeconds: number): ScriptDraft {
  const budget = scriptWordBudget(maxDurationSeconds);
  // The topic's hash picks each part: byte 0 the hook, 1 the bridges, 2 the closer, 3 how many bridges, 4 and 5 adjectives.
  const seed = createHash('sha256').update(rawTopic).digest();
  const rotate = <T>(list: readonly T[], index: number) => list.map((_, offset) => list[(seed[index] + offset) % list.length]);
  const topic = readTopic(rawTopic);
  const family = topic ? FAMILY[topic.role] : 'question';
  const fill = (text: string, adjectives: readonly string[], index: number) => {
    const adjective = adjectives[seed[index] % adjectives.length];
    return text.replace('{a} {adjective}', `${indefiniteArticle(adjective)} ${adjective}`);
  };

  // Room for a call to action if the topic can be cut where a phrase ends; else the whole budget; cutting
  // inside a phrase ("the best coffee") only when nothing else fits; a hook without the topic as the last resort.
  const closerRoom = Math.min(...CLOSERS[family].map(countWords));
  const hooks = rotate(HOOKS, 0);
  const fillLook = (text: string) => fill(text, LOOK_ADJECTIVES, 4);
  const attempts = [
    { room: budget - closerRoom, midPhrase: false },
    { room: budget, midPhrase: false },
    { room: budget, midPhrase: true },
  ];
  const topicHook = topic && attempts.reduce<Hook | undefined>((found, { room, midPhrase }) => found ?? chooseHook(topic, room, midPhrase, hooks, fillLook), undefined);
  const hook = topicHook ?? { template: 'generic', text: rotate(GENERIC_HOOKS, 0).find((text) => countWords(text) <= budget) ?? 'Listen to this.' };

  const sentences = [hook.text];
  let room = budget - countWords(hook.text);
  // A line may not start with the word the line before ends on ("... for you. You can ...").
  const follows = (text: string, before: string) => countWords(text) <= room && !hasDoubledWord(`${before} ${text}`);
  const closers = rotate(CLOSERS[family], 2);
  const bridges = rotate(BRIDGES[family], 1).map((text) => fill(text, TIP_ADJECTIVES, 5));
  const closer = closers.find((text) => follows(text, hook.text));
  if (closer) room -= countWords(closer);
  for (let wanted = 1 + (seed[3] % 2); wanted > 0; wanted--) {
    const bridge = bridges.find((text) => follows(text, sentences[sentences.length - 1]) && !sentences.includes(text) && (!closer || !hasDoubledWord(`${text} ${closer}`)));
    if (!bridge) break;
    sentences.push(bridge);
    room -= countWords(bridge);
  }
  if (closer) sentences.push(closer);
  return { script: sentences.join(' '), role: topic?.role, hook: hook.template };
}

/** The hook carrying the most of the topic within `room` words; among equals, the first in the topic's own order. */
interface Hook {
  template: string;
  text: string;
}

function chooseHook(topic: Topic, room: number, midPhrase: boolean, templates: HookTemplate[], fill: (text: string) => string): Hook | undefined {
  let best: { template: string; text: string; topicWords: number } | undefined;
  const firstWord = topic.words[0].text.toLowerCase();
  for (const template of templates) {
    if (!template.roles.includes(topic.role) || template.avoid?.includes(firstWord)) continue;
    const frame = fill(template.text);
    const phrase = topicText(topic, Math.min(TOPIC_MAX_WORDS, room - countWords(frame.replace(/\{topic\}\S*/i, ''))), midPhrase);
    if (!phrase) continue;
    const text = frame.replace('{topic}', phrase).replace('{Topic}', phrase.charAt(0).toUpperCase() + phrase.slice(1));
    if (hasDoubledWord(text)) continue; // "... about about ..." where the frame meets the topic
    const topicWords = countWords(phrase);
    if (!best || topicWords > best.topicWords) best = { template: template.text, text, topicWords };
  }
  return best && { template: best.template, text: best.text };
}

/**
 * The offline script writer: a hook about the topic, one or two lines of colour and a call to action,
 * always within the word budget and grammatical for any topic (see `draftScript`).
 */
export class EmbeddedScript extends ScriptPort {
  readonly name = 'embedded';

  async write(request: ScriptRequest, signal: AbortSignal): Promise<string> {
    signal.throwIfAborted();
    const { script } = draftScript(request.topic, request.maxDurationSeconds);
    if (scriptSeconds(script) > request.maxDurationSeconds) throw new Error('script over budget'); // only below 2.4 s, where even 3 words are too many
    return script;
  }
}

const hasDoubledWord = (text: string) => /(?<![\p{L}'])([\p{L}']+)[\s,.!?:]+\1(?![\p{L}'])/iu.test(text);
