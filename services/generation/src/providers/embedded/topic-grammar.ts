/**
 * Just enough English grammar to put a topic a user typed into a spoken sentence that reads right:
 * clean it, take its first clause, fix its casing, tell what kind of phrase it is, and shorten it
 * only where a phrase ends. Word lists, not a parser: small, explicit and easy to extend.
 */

/** What a topic is, which decides the sentences it can fill. */
export type TopicRole =
  | 'noun' // "home workouts", "the best coffee in Rome", "AI"
  | 'gerund' // "running a marathon"
  | 'verb' // an imperative: "learn Spanish fast"
  | 'wh-clause' // an embedded clause: "why everyone should learn to fall", "how to save money", "what I eat in a day"
  | 'question' // a direct question: "is remote work here to stay", "why do cats purr"
  | 'statement' // a whole sentence: "remote work is here to stay", "don't skip breakfast"
  | 'condition'; // "if you hate running", "when you can't sleep"

export interface TopicWord {
  text: string;
  /** A comma followed the word in the topic: a place where the phrase may be cut. */
  commaAfter: boolean;
}

export interface Topic {
  role: TopicRole;
  /** The words as they are said mid-sentence (first word lower case unless it is a name or an acronym). */
  words: TopicWord[];
}

const set = (words: string) => new Set(words.split(' '));

const WH_WORDS = set('why how what when where who whom whose which whether');
/** Words after "how" that belong to the question word: "how much money do you need". */
const HOW_MODIFIERS = set('much many long often far old big fast hard soon');
const DO_FORMS = set("do does did don't doesn't didn't");
/** Auxiliaries and modals: a topic starting with one is a yes/no question. */
const AUXILIARIES = set(
  "am is are was were do does did have has had can could will would shall should may might must isn't aren't wasn't weren't don't doesn't didn't haven't hasn't hadn't can't couldn't won't wouldn't shouldn't mustn't",
);
/** Finite verbs after a subject that make a topic a whole sentence: "my dog ate my homework", "sleep matters". */
const FINITE_VERBS = set(
  "ate made took went got became began bought brought came changed did found gave grew had knew left lost met paid ran said saw sold spent taught thought told won wrote makes helps keeps gives takes ruins matters means seems beats kills hurts wins needs 's 're 've 'll",
);
/** Words that start a sentence as its subject. */
const SUBJECT_PRONOUNS = set("i you we they he she it there i'm you're we're they're he's she's it's there's i've you've we've they've i'll you'll we'll they'll i'd");
/** Words that can begin the subject of an inverted question: "which laptop should I buy". */
const SUBJECT_STARTS = new Set([...SUBJECT_PRONOUNS, ...set('this that these those my your our their his her its the a an some any everyone everybody people someone')]);
const DETERMINERS = set('the a an my your our their his her its this that these those some any every each no more less much many all both few several');
const PREPOSITIONS = set(
  'in on at for with without about from to of by into onto over under after before during between through like near across against around than versus per via within beyond toward towards since until',
);
const CONJUNCTIONS = set('and or but so because although though while if unless whereas nor yet');
const RELATIVES = set('that which who whom whose where when');
/** Words a phrase cannot end on: "how to save money on", "why everyone should". */
const FUNCTION_WORDS = new Set([
  ...WH_WORDS,
  ...AUXILIARIES,
  ...DETERMINERS,
  ...PREPOSITIONS,
  ...CONJUNCTIONS,
  ...RELATIVES,
  ...set("i you we they he she i'm you're we're they're not very really just too also even be been being as ok okay um uh hey hi well basically honestly literally actually only maybe still already almost"),
]);
/** Verbs that start an imperative and are hardly ever nouns: "learn Spanish fast", "get fit at home". */
const VERBS = set(
  'learn make get build find take eat lose quit master improve boost save grow choose avoid become keep give try create write read speak fix organize organise prepare earn invest buy sell wake prevent reduce increase protect burn bake brew teach understand declutter stay turn stop start use go be let tell ask pick spend think believe say see watch listen follow unlock discover transform upgrade handle survive overcome beat fight heal wear pack apply negotiate nail land adopt raise motivate focus ditch replace remember forget memorize manage grab boil fry roast drop gain hit',
);
/** Verbs that are often nouns too ("travel tips", "run club"): an imperative only when a verb's object or adverb follows. */
const NOUN_LIKE_VERBS = set(
  'run travel plan cook walk work train design cut dance study swim sleep drink love start change stretch lift shop paint budget text post film style dress clean hike draw play practice practise plant help care rest meditate journal fall jump climb sing write ride drive fly bike surf ski camp garden fish move',
);
/** Words that show a noun-like verb is used as a verb: "run faster", "travel on a budget", "cook like a chef". */
const VERB_OBJECT_STARTS = new Set([
  ...DETERMINERS,
  ...PREPOSITIONS,
  ...set('me you him her it us them yourself myself ourselves better faster more less smarter harder well again anywhere everywhere abroad alone daily right smart hard like up out away'),
]);
/** Words ending in -ing that are nouns, not gerunds. */
const ING_NOUNS = set('morning evening wedding ceiling pudding clothing sibling darling something anything everything nothing during offspring awning herring viking lightning building icing ring king thing spring string wing swing sing bring sling sting');
/** Openings that say "a video about" rather than the topic itself. */
const LEAD_INS = [
  /^(?:please\s+)?(?:(?:make|write|create|give)\s+(?:me\s+)?)?(?:an?\s+)?(?:short\s+|quick\s+|fun\s+)?(?:video|script|post|reel|clip|story|talk)s?\s+(?:about|on)\s+/,
  /^(?:let'?s\s+|please\s+)?(?:talk|tell\s+me|speak)\s+about\s+/,
  /^(?:topic\s+)?(?:all\s+)?about\s+/,
  /^(?:so|and|but|also|ok|okay|well|hey|hi|um|uh|basically|honestly|literally|actually|please|because|since|although|though)[\s,]+/,
];
/** Acronyms said letter by letter or as a word; restored when the topic was typed in one case. */
const ACRONYMS = ['AI', 'DIY', 'USA', 'UK', 'EU', 'NYC', 'TV', 'CEO', 'SEO', 'ADHD', 'NASA', 'FBI', 'MBA', 'API', 'PC', 'VR', 'UFO', 'IQ', 'DNA', 'GPS', 'HIIT', 'BBQ', 'FAQ', 'ETF', 'NFT', 'IVF', 'HR', 'LGBTQ', 'NBA', 'NFL', 'CV', 'SUV', 'ASMR', 'ChatGPT', 'iPhone', 'TikTok', 'YouTube', 'LinkedIn'];
const ACRONYM_BY_LOWER = new Map(ACRONYMS.map((word) => [word.toLowerCase(), word]));
/** Names that keep their capital even when the topic was shouted or title-cased. */
const PROPER_WORDS = new Map(
  'I English Spanish French German Italian Japanese Chinese Korean Portuguese Arabic Russian Hindi Dutch Greek Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April June July August September October November December Christmas Easter Halloween Ramadan'
    .split(' ')
    .map((word) => [word.toLowerCase(), word]),
);

/** Reads a topic as typed into its first meaningful clause, cased and classified; undefined when nothing is left to talk about. */
export function readTopic(raw: string): Topic | undefined {
  for (const clause of clauses(clean(raw))) {
    const words = agreeArticles(caseWords(dropRepeats(tokens(stripLeadIns(clause)))));
    if (words.some((word) => !FUNCTION_WORDS.has(lower(word)))) {
      const role = classify(words.map(lower));
      // "if you hate running, try this": the condition ends at its comma.
      const conditionEnd = words.findIndex((word) => word.commaAfter) + 1;
      if (role === 'condition' && conditionEnd >= 3) return { role, words: words.slice(0, conditionEnd) };
      if (role) return { role, words };
    }
  }
  return undefined;
}

/** The topic's role from its words (lower case); undefined for a bare question word or auxiliary ("why", "is it"). */
export function classify(words: string[]): TopicRole | undefined {
  const [first, second] = words;
  if (WH_WORDS.has(first)) {
    if (words.length < 2 || (second === 'to' && words.length < 3)) return undefined;
    if (first === 'when' && SUBJECT_PRONOUNS.has(second)) return 'condition';
    return isInvertedQuestion(words) ? 'question' : 'wh-clause';
  }
  if (first === 'if') return words.length >= 3 ? 'condition' : undefined;
  if (AUXILIARIES.has(first)) {
    if (first.endsWith("n't") && !SUBJECT_STARTS.has(second ?? '')) return words.length >= 2 ? 'statement' : undefined; // "don't skip breakfast"
    return words.length >= 2 ? 'question' : undefined;
  }
  if (first === 'never' || first === 'always') return words.length >= 2 ? 'statement' : undefined;
  if (SUBJECT_PRONOUNS.has(first)) return words.length >= 2 ? 'statement' : undefined;
  if (VERBS.has(first)) return 'verb';
  if (NOUN_LIKE_VERBS.has(first) && words.length >= 2 && (VERB_OBJECT_STARTS.has(second) || second.endsWith('ly'))) return 'verb';
  if (isGerund(first)) return 'gerund';
  return hasFiniteVerb(words) ? 'statement' : 'noun';
}

/** "why do cats purr", "which laptop should I buy", "how much water should you drink": the question word is followed by an inverted auxiliary. */
function isInvertedQuestion(words: string[]): boolean {
  let next = 1;
  if (words[0] === 'how' && HOW_MODIFIERS.has(words[1])) next = 2;
  const takesNoun = next === 2 || ['what', 'which', 'whose'].includes(words[0]);
  if (takesNoun && words[next] && !FUNCTION_WORDS.has(words[next]) && !AUXILIARIES.has(words[next])) next += 1; // "which laptop", "how much money"
  const verb = words[next];
  if (!verb || !AUXILIARIES.has(verb)) return false;
  if (DO_FORMS.has(verb) || next === 1) return true; // "why do", "what is"; never part of an embedded clause
  // "what people should know" is a clause; "which laptop should I buy" a question.
  return next + 1 === words.length || SUBJECT_STARTS.has(words[next + 1]);
}

/** A finite verb after the first word, not inside a relative clause: "remote work is here to stay", but not "things you should know". */
function hasFiniteVerb(words: string[]): boolean {
  return words.some((word, index) => {
    if (index === 0) return false;
    const before = words[index - 1];
    if (SUBJECT_PRONOUNS.has(before) || RELATIVES.has(before) || DETERMINERS.has(before) || PREPOSITIONS.has(before)) return false;
    if (word.endsWith('ed') && index + 1 < words.length && SUBJECT_STARTS.has(words[index + 1])) return true; // "coffee changed my life"
    return (AUXILIARIES.has(word) && !DO_FORMS.has(word)) || FINITE_VERBS.has(word);
  });
}

export function isGerund(word: string): boolean {
  const match = /^([a-z]+)ing$/.exec(word);
  return !!match && match[1].length >= 2 && /[aeiouy]/.test(match[1]) && !ING_NOUNS.has(word);
}

/** Whether a word looks like a verb: enough to tell "why everyone should learn" from "why the people". */
function isVerbLike(word: string): boolean {
  return AUXILIARIES.has(word) || FINITE_VERBS.has(word) || VERBS.has(word) || NOUN_LIKE_VERBS.has(word) || /(?:ed|ing)$/.test(word);
}

/**
 * The topic in at most `limit` words, cut only where a phrase ends (before a preposition, conjunction or
 * relative word, or at a comma) and never on a word a phrase cannot end on. With `midPhrase`, nouns, gerunds
 * and imperatives may also be cut inside a phrase ("the best coffee", "learn Spanish"). Undefined when it
 * cannot be cut to fit and still say something whole (a clause needs its verb).
 */
export function topicText(topic: Topic, limit: number, midPhrase = false): string | undefined {
  const { words, role } = topic;
  if (limit < 1) return undefined;
  if (words.length <= limit) return join(words);
  const lowered = words.map(lower);
  const whole = (count: number) => !FUNCTION_WORDS.has(lowered[count - 1]) && isWholePhrase(role, lowered.slice(0, count));
  for (let count = limit; count >= 1; count--) {
    const atBoundary = words[count - 1].commaAfter || PREPOSITIONS.has(lowered[count]) || CONJUNCTIONS.has(lowered[count]) || RELATIVES.has(lowered[count]);
    if (atBoundary && whole(count)) return join(words.slice(0, count));
  }
  // Nouns, gerunds and imperatives still make sense cut mid-phrase ("the best coffee"); clauses do not.
  if (midPhrase && (role === 'noun' || role === 'gerund' || role === 'verb')) {
    for (let count = limit; count >= 1; count--) if (whole(count)) return join(words.slice(0, count));
  }
  return undefined;
}

function isWholePhrase(role: TopicRole, words: string[]): boolean {
  switch (role) {
    case 'noun':
    case 'gerund':
      return true;
    case 'verb':
      return words.length >= 2;
    // A clause needs its verb; a long one has it even when the word lists do not know it ("why our sneakers last longer").
    case 'wh-clause':
      return words.length >= 5 || (words.length >= 2 && words.slice(words[1] === 'to' ? 2 : 1).some(isVerbLike));
    case 'question':
    case 'statement':
    case 'condition':
      return words.length >= 5 || (words.length >= 3 && words.slice(1).some(isVerbLike));
  }
}

/** "a" or "an" for the word that follows, by its first sound. */
export function indefiniteArticle(nextWord: string): 'a' | 'an' {
  const word = nextWord.replace(/^[^\p{L}\p{N}]+/u, '');
  if (/^\d/.test(word)) return /^(?:8|1[18](?:\D|$)|1[18](?:,?\d{3})+(?:\D|$))/.test(word) ? 'an' : 'a'; // eight, eleven, eighteen
  const letters = word.replace(/[^\p{L}]/gu, '');
  const isInitialism = letters.length >= 2 && letters.length <= 5 && letters === letters.toUpperCase() && !WORD_ACRONYMS.has(letters);
  if (isInitialism) return /^[AEFHILMNORSX]/.test(letters) ? 'an' : 'a'; // "an FBI agent", "a UFO", "an SEO tip"
  const lowerWord = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lowerWord)) return 'an'; // silent h
  if (/^(?:uni(?![nmd])|us[eu]|ut[ie]|ur[aeiou]|eu|ewe|one(?!r)|once|ubiq|u-)/.test(lowerWord)) return 'a'; // "a unicorn", "a useful tip", "a one-minute look"
  return /^[aeiou]/.test(lowerWord) ? 'an' : 'a';
}
/** All-capital words said as words, not letter by letter. */
const WORD_ACRONYMS = set('NASA NATO UNESCO UNICEF FIFA SCUBA LASER HIIT');

function clean(raw: string): string {
  return raw
    .replace(/[‘’`´]/g, "'")
    .replace(/https?:\/\/\S+|www\.\S+/g, ' ')
    .replace(/[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]/gu, ' ')
    .replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}|<[^>]*>/g, ' ') // asides in brackets
    .replace(/["“”«»„*_~^|\\{}()[\]<>]/g, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, '$1') // quotes, keeping apostrophes inside words
    .replace(/(?:\s+#[\p{L}\p{N}_]+)+\s*$/u, '') // trailing hashtags
    .replace(/[#@](?=\p{L})/gu, '')
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s*\+\s*/g, ' and ')
    .replace(/\bvs\.?(?=\s)/gi, 'versus')
    .replace(/\b(?:e\.g|i\.e|etc)\.?(?=[\s,]|$)/gi, ',')
    .replace(/\b(Mr|Mrs|Ms|Dr|St|Jr|Sr|No)\./g, '$1')
    .replace(/\b(what|how|who|where|when|why)'s\b/gi, '$1 is')
    .replace(/^\s*(?:topic|idea|video|script|title|subject|re|question|quick question|hot take|unpopular opinion|fun fact|psa|pov|tip|story|storytime)\s*:\s*/i, ''); // a label, not the topic
}

/** The topic's clauses in order: split at sentence ends, semicolons, colons, dashes and line breaks. */
function clauses(text: string): string[] {
  return text
    .split(/[.!?…]+(?=\s|$)|[;:\n]|\s[-–—]+\s|[–—]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function stripLeadIns(clause: string): string {
  let text = clause;
  for (let changed = true; changed; ) {
    changed = false;
    for (const leadIn of LEAD_INS) {
      const stripped = text.replace(new RegExp(leadIn.source, 'i'), '');
      if (stripped !== text && stripped.trim()) {
        text = stripped;
        changed = true;
      }
    }
  }
  return text;
}

function tokens(clause: string): TopicWord[] {
  return clause
    .split(' ')
    .map((raw) => ({ text: raw.replace(/^[^\p{L}\p{N}$£€]+|[^\p{L}\p{N}%]+$/gu, ''), commaAfter: /[,]\W*$/.test(raw) }))
    .filter((word) => word.text.length > 0);
}

/** "very very good" → "very good": a doubled word reads as a typo when spoken. */
function dropRepeats(words: TopicWord[]): TopicWord[] {
  return words.filter((word, index) => index === 0 || lower(word) !== lower(words[index - 1]));
}

/**
 * Casing for mid-sentence use. A shouted or Title Cased topic is lowered; the first word of a sentence-case
 * topic is lowered unless it looks like a name ("New York", "Rome is ...") or an acronym ("AI").
 */
function caseWords(words: TopicWord[]): TopicWord[] {
  const lettered = words.filter((word) => /\p{L}/u.test(word.text));
  const shoutedWords = lettered.filter((word) => isAllCaps(word.text) && !ACRONYM_BY_LOWER.has(word.text.toLowerCase()));
  const isShouting = lettered.every((word) => isAllCaps(word.text)) && (shoutedWords.length >= 2 || shoutedWords.some((word) => word.text.length >= 5));
  const isTitleCase = lettered.length >= 3 && lettered.every((word) => /^\p{Lu}/u.test(word.text) || (word.text.length <= 3 && FUNCTION_WORDS.has(lower(word))));
  const fixed = (text: string) =>
    ACRONYM_BY_LOWER.get(text.toLowerCase()) ?? PROPER_WORDS.get(text.toLowerCase()) ?? (/^i'(?:m|ve|ll|d)$/i.test(text) ? `I${text.slice(1).toLowerCase()}` : undefined);
  return words.map((word, index) => {
    const known = fixed(word.text);
    if (known) return { ...word, text: known };
    if (isShouting || isTitleCase) return { ...word, text: word.text.toLowerCase() };
    if (index > 0) return word;
    const isOrdinaryCapital = /^\p{Lu}[\p{Ll}']*$/u.test(word.text);
    const nextIsCapital = index + 1 < words.length && /^\p{Lu}/u.test(words[index + 1].text);
    if (FUNCTION_WORDS.has(lower(word)) || VERBS.has(lower(word)) || NOUN_LIKE_VERBS.has(lower(word)) || (isOrdinaryCapital && !nextIsCapital)) return { ...word, text: word.text.toLowerCase() };
    return word;
  });
}

/** "a AI tool" → "an AI tool", as the user may have typed it. */
function agreeArticles(words: TopicWord[]): TopicWord[] {
  return words.map((word, index) => {
    const next = words[index + 1];
    const isArticle = word.text === 'a' || word.text === 'an' || (index === 0 && (word.text === 'A' || word.text === 'An'));
    if (!isArticle || !next || !/^[\p{L}\p{N}]/u.test(next.text)) return word;
    const article = indefiniteArticle(next.text);
    return { ...word, text: word.text.charAt(0) === 'A' ? article.charAt(0).toUpperCase() + article.slice(1) : article };
  });
}

const isAllCaps = (text: string) => /\p{Lu}/u.test(text) && text === text.toUpperCase();
const lower = (word: TopicWord) => word.text.toLowerCase();
const join = (words: TopicWord[]) => words.map((word, index) => word.text + (word.commaAfter && index < words.length - 1 ? ',' : '')).join(' ');
