import { scriptSeconds } from '@lipcast/contracts';
import { scriptWordBudget } from '../../ports/script.port';
import { draftScript, EmbeddedScript } from './embedded-script';
import type { TopicRole } from './topic-grammar';

describe(EmbeddedScript.name, () => {
  const writer = new EmbeddedScript();
  const write = (topic: string, maxDurationSeconds = 15) => writer.write({ topic, maxDurationSeconds }, new AbortController().signal);

  it('keeps the spec budget: words / 2.2 + 1 within the maximum seconds', async () => {
    expect(scriptWordBudget(15)).toBe(30);
    for (const topic of ['Morning routines that make you more productive', 'Why our vegan sneakers last longer than leather ones, and how we test them for a year', 'x'.repeat(10)]) {
      for (const seconds of [15, 8, 4]) expect(scriptSeconds(await write(topic, seconds))).toBeLessThanOrEqual(seconds);
    }
  });

  it('talks about the topic, is the same for the same topic, and differs between topics', async () => {
    const script = await write('Cold brew coffee at home. It is cheaper and tastes better.');
    expect(script.toLowerCase()).toContain('cold brew coffee at home');
    expect(await write('Cold brew coffee at home. It is cheaper and tastes better.')).toBe(script);
    const others = await Promise.all(['Budget travel in Portugal', 'Learning guitar after forty', 'Plant care for beginners'].map((topic) => write(topic)));
    expect(new Set(others.map((text) => text.replace(/budget travel in portugal|learning guitar after forty|plant care for beginners/i, ''))).size).toBeGreaterThan(1);
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(writer.write({ topic: 'Anything at all here', maxDurationSeconds: 15 }, controller.signal)).rejects.toThrow();
  });

  it('fits the topic into a sentence made for its kind of phrase', async () => {
    expect(await write('why everyone should learn to fall')).toBe(
      'Let me tell you why everyone should learn to fall. Stick with me for a few seconds. Follow for more like this.',
    );
    expect(await write('is remote work here to stay?')).toBe(
      'Quick question: is remote work here to stay? Most people never stop to ask. Stick with me for a few seconds. Follow for more like this.',
    );
    expect(await write('learn Spanish fast')).toBe(
      'Want to learn Spanish fast? Here is how. Most people overcomplicate this. Small steps make a big difference. Try this out and tell me how it goes!',
    );
    expect(await write('running a marathon')).toBe(
      'Have you ever tried running a marathon? Most people overcomplicate this. Small steps make a big difference. Give this a try and tell me what you think!',
    );
    expect(await write('the best coffee in Rome')).toBe(
      'Here is what nobody tells you about the best coffee in Rome. Most people overcomplicate this. Small steps make a big difference. Save this so you do not forget.',
    );
    expect(await write('"AI" 🔥🔥')).toBe('Let me tell you about AI. It is simpler than you think. Most people overcomplicate this. Follow for more tips like this.');
    expect(await write('how to save money on groceries', 4)).toBe('Ever wondered how to save money?');
    expect(await write('???')).toBe('Let me share a quick thought. Stick with me for a few seconds. Save this for later.');
  });

  describe('over a few hundred generated topics', () => {
    /** Topics by the role a reader would give them, with their first word as the script must show it. */
    const BASES: Record<TopicRole, string[]> = {
      noun: [
        'home workouts',
        'the best coffee in Rome',
        'AI',
        'cold brew coffee at home',
        'budget travel in Portugal',
        'an easy breakfast for busy mornings',
        'my morning routine',
        'plant care for beginners',
        'electric cars',
        'an hour of yoga every day',
        'a unicorn cake for a birthday',
        'SEO tips for small shops',
        'things you should know about taxes',
        'the history of jazz',
        'an AI tool that writes your emails',
        'interior design on a budget',
        'travel tips for Japan',
        'dogs',
      ],
      gerund: ['running a marathon', 'learning guitar after forty', 'cooking', 'baking sourdough at home', 'waking up early', 'saving for retirement in your twenties', 'traveling alone', 'journaling'],
      verb: [
        'learn Spanish fast',
        'get fit at home',
        'save money on groceries',
        'stop procrastinating',
        'make your own pasta',
        'travel on a budget',
        'run faster',
        'cook like a chef',
        'grow tomatoes on a balcony',
        'build an emergency fund',
        'be more confident',
      ],
      'wh-clause': [
        'why everyone should learn to fall',
        'how to save money on groceries',
        'what I eat in a day',
        'how I learned to code in six months',
        'where locals eat in Rome',
        'when to plant tomatoes',
        'why sleep matters',
        'what nobody tells you about AI',
        'how we test our sneakers for a year',
        'which laptop to buy for college',
        'whether you need a personal trainer',
        'who invented pizza',
        'how much water to drink',
        'how to learn Spanish fast',
        'how to stop procrastinating',
        'how to build an emergency fund',
      ],
      question: [
        'is remote work here to stay',
        'can dogs eat grapes',
        'should you stretch before running',
        'why do cats purr',
        'what is the best diet',
        'which laptop should I buy',
        'how much water should you drink',
        'do you really need eight hours of sleep',
        'are eggs healthy',
      ],
      statement: ['remote work is here to stay', "don't skip breakfast", 'I quit my job to travel the world', 'coffee makes you smarter', 'my dog ate my homework', 'never skip leg day', 'sleep matters more than you think'],
      condition: ['if you hate running', 'when you cannot sleep at night', 'if your plants keep dying'],
    };
    const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
    const titleCase = (text: string) => text.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
    /** The ways people type a topic: as is, shouted, quoted with emoji, title cased, rambling, with fillers and labels. */
    const DECORATIONS: ((topic: string, role: TopicRole) => string)[] = [
      (topic) => topic,
      (topic, role) => capitalize(topic) + (role === 'question' ? '?' : '.'),
      (topic) => `${topic.toUpperCase()}!!!`,
      (topic) => `"${capitalize(topic)}" 🔥🔥`,
      (topic) => titleCase(topic),
      (topic, role) => `${capitalize(topic)}${role === 'question' ? '?' : '.'} And here is a second sentence that rambles on, with commas, for much longer than anyone needs.`,
      (topic) => `So, ${topic}...`,
      (topic) => `Topic: ${topic}`,
      (topic) => `${topic.replace(' ', '  ')} (part 2) #fyp`,
    ];
    const generated = Object.entries(BASES).flatMap(([role, topics]) =>
      topics.flatMap((topic) => DECORATIONS.map((decorate) => ({ topic: decorate(topic, role as TopicRole), role: role as TopicRole, base: topic }))),
    );
    const EDGE_CASES = [
      '',
      '   ',
      '🔥🔥🔥',
      '???',
      'why',
      'how to',
      'is it',
      'x'.repeat(10),
      'The the the best best pizza',
      'a apple a day',
      'AI!!!',
      'NASA',
      "it's",
      '#fitness #gym #motivation',
      'https://example.com cool stuff',
      '(an aside) only',
      '10 habits of successful people',
      '8 minute abs',
      'Keto vs. paleo',
      'ok so basically... i want to talk about my new podcast!!! it is about FOOD and TRAVEL and honestly so much more, like everything',
      `${'very long rambling words '.repeat(40)}end`,
      'Rome',
      'iPhone photography tricks',
      "what's the best way to learn to code",
      'Hot take: pineapple belongs on pizza',
      'learn',
    ];
    const BUDGETS = [15, 10, 6, 4];
    const drafts = [...generated.map(({ topic }) => topic), ...EDGE_CASES].flatMap((topic) => BUDGETS.map((seconds) => ({ topic, seconds, ...draftScript(topic, seconds) })));

    const sentencesOf = (script: string) => script.split(/(?<=[.!?])\s+/);
    const wordsOf = (script: string) => script.split(/\s+/).map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase());
    /** The article a listener expects, from how the next word sounds; exceptions listed for every word the scripts can hold. */
    const AN_BEFORE = new Set(['ai', 'hour', 'honest', 'seo', 'fbi', 'mba', '8', '11', '18', '80s']);
    const A_BEFORE = new Set(['one-minute', 'unicorn', 'useful', 'unique', 'university', 'european', 'ufo', 'user', 'nasa', 'one']);
    const expectedArticle = (word: string) => (AN_BEFORE.has(word) ? 'an' : A_BEFORE.has(word) ? 'a' : /^[aeiou]/.test(word) ? 'an' : 'a');
    /** Words a sentence cannot end on: the slot before them was left empty or half filled. */
    const DANGLING = new Set(['a', 'an', 'the', 'about', 'to', 'of', 'on', 'at', 'in', 'for', 'with', 'and', 'or', 'but', 'is', 'are', 'should', 'can', 'my', 'your', 'tried', 'wondered', 'question']);
    /** The words a role's topic may follow in a hook: a noun after "about", an imperative after "to", a clause after "tell you". */
    const SLOT_BEFORE: Record<TopicRole, string[]> = {
      noun: ['about', 'at'],
      gerund: ['about', 'at', 'tried'],
      verb: ['to'],
      'wh-clause': ['you', 'is', 'wondered'],
      question: ['', 'question:'],
      statement: ['', 'talk:'],
      condition: [''],
    };

    it(`covers every role and edge case (${drafts.length} scripts)`, () => {
      expect(drafts.length).toBeGreaterThan(2000);
      for (const role of Object.keys(BASES)) expect(drafts.some((draft) => draft.role === role)).toBe(true);
    });

    it('stays within the word budget and the seconds', () => {
      for (const { script, seconds } of drafts) {
        expect({ script, words: wordsOf(script).length <= scriptWordBudget(seconds), seconds: scriptSeconds(script) <= seconds }).toEqual({ script, words: true, seconds: true });
      }
    });

    it('leaves no slot unfilled and writes whole sentences: a capital first, a full stop, ! or ? last, nothing dangling', () => {
      for (const { script } of drafts) {
        expect({ script, hasBrace: /[{}]/.test(script) }).toEqual({ script, hasBrace: false });
        for (const sentence of sentencesOf(script)) {
          const words = wordsOf(sentence);
          const fine = /^[A-Z].*[.!?]$/.test(sentence) && !/\s[.!?,:]|:\s*[.!?]$/.test(sentence) && !DANGLING.has(words[words.length - 1]);
          expect({ sentence, script, fine }).toEqual({ sentence, script, fine: true });
        }
      }
    });

    it('never says a word twice in a row and agrees a/an with the next word', () => {
      for (const { script } of drafts) {
        const words = wordsOf(script);
        const doubled = words.filter((word, index) => index > 0 && word === words[index - 1]);
        const disagreeing = words.filter((word, index) => (word === 'a' || word === 'an') && index + 1 < words.length && expectedArticle(words[index + 1]) !== word);
        expect({ script, doubled, disagreeing }).toEqual({ script, doubled: [], disagreeing: [] });
      }
    });

    it('never puts a clause or a question where only a noun fits ("have you tried why ...")', () => {
      for (const { script } of drafts) {
        const clauseAfterNounSlot = /\b(?:tried|about|try|into|love)\s+(?:why|how|what|when|where|who|which|whether|if|is|are|was|were|do|does|did|can|could|should|would|will)\b/i.test(script);
        expect({ script, clauseAfterNounSlot }).toEqual({ script, clauseAfterNounSlot: false });
      }
    });

    it('reads each generated topic as its role and puts it only in a slot made for that role', () => {
      /** Where the topic starts in the script: its first two words, or its first word alone when a noun was cut to one word. */
      const topicStart = (script: string, base: string) => {
        const [first, second] = base.toLowerCase().split(' ');
        const find = (phrase: string) => script.toLowerCase().search(new RegExp(`(?<![\\p{L}'])${phrase}(?![\\p{L}'])`, 'u'));
        const at = second ? find(`${first} ${second}`) : find(first);
        return at < 0 && !['a', 'an', 'the', 'my', 'your'].includes(first) ? find(first) : at;
      };
      for (const { topic, role, base } of generated) {
        for (const seconds of BUDGETS) {
          const { script, role: read, hook } = draftScript(topic, seconds);
          const at = topicStart(script, base);
          const before = script.slice(0, Math.max(0, at)).trim().split(' ').at(-1)?.toLowerCase() ?? '';
          // At a few seconds a long clause may not fit whole; then the hook must not talk about half of it.
          const placed = at < 0 ? hook === 'generic' && seconds < 10 : SLOT_BEFORE[role].includes(before);
          expect({ topic, seconds, script, read, placed }).toEqual({ topic, seconds, script, read: role, placed: true });
        }
      }
    });

    it('ends every One Shot (15 s) script with a call to action', () => {
      for (const { script } of drafts.filter((draft) => draft.seconds === 15)) {
        const last = sentencesOf(script).at(-1) ?? '';
        expect({ script, calls: /^(?:Follow for more|Save this|Share this|Tell me what you think|Give this a try|Try this out)/.test(last) }).toEqual({ script, calls: true });
      }
    });
  });
});
