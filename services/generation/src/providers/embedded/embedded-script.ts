import { createHash } from 'node:crypto';
import { ScriptPort, scriptSeconds, type ScriptRequest } from '../../ports/script.port';

/** Openers, bridges and closers a short talking-head script is made of; chosen by the topic's hash. */
const OPENERS = ['Let me tell you about {topic}.', 'Quick question: have you tried {topic}?', 'Here is something I love: {topic}.', 'Today it is all about {topic}.'];
const BRIDGES = ['It changed how I spend my day.', 'It is simpler than you think.', 'Honestly, it surprised me.', 'You will notice the difference right away.'];
const CLOSERS = ['Give it a try and tell me what you think!', 'Follow for more tips like this.', 'Try it this week and thank me later.', 'Save this so you do not forget.'];

/** Words in the budget of spec section 9: words / 2.2 + 1 must stay within the maximum seconds. */
export const maxWords = (maxDurationSeconds: number) => Math.max(3, Math.floor((maxDurationSeconds - 1) * 2.2));

/** The topic as a short noun phrase: its first clause, without a trailing full stop, at most `limit` words. */
function topicPhrase(topic: string, limit: number): string {
  const clause = topic.trim().split(/[.!?;\n]/)[0].replace(/\s+/g, ' ').trim();
  const words = clause.split(' ').slice(0, limit);
  const phrase = words.join(' ').replace(/[,:\-–]+$/, '');
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

/**
 * The offline script writer: a hook about the topic, one line of colour and a call to action, always
 * within the word budget. Deterministic for a topic, so a retried run says the same thing.
 */
export class EmbeddedScript extends ScriptPort {
  readonly name = 'embedded';

  async write(request: ScriptRequest, signal: AbortSignal): Promise<string> {
    signal.throwIfAborted();
    const budget = maxWords(request.maxDurationSeconds);
    const seed = createHash('sha256').update(request.topic).digest();
    const pick = (list: readonly string[], index: number) => list[seed[index] % list.length];
    const opener = pick(OPENERS, 0).replace('{topic}', topicPhrase(request.topic, Math.min(12, Math.floor(budget / 2))));
    const sentences = [opener, pick(BRIDGES, 1), pick(CLOSERS, 2)];
    // Drop sentences from the middle until it fits, then cut words as a last resort.
    while (sentences.length > 1 && countWords(sentences.join(' ')) > budget) sentences.splice(sentences.length > 2 ? 1 : sentences.length - 1, 1);
    let script = sentences.join(' ');
    if (countWords(script) > budget) script = `${script.split(/\s+/).slice(0, budget).join(' ').replace(/[,.!?]*$/, '')}.`;
    if (scriptSeconds(script) > request.maxDurationSeconds) throw new Error('script over budget'); // cannot happen; guards the rule
    return script;
  }
}

const countWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;
