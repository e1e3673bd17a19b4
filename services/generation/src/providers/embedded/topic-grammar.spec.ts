import { indefiniteArticle, readTopic, topicText, type TopicRole } from './topic-grammar';

describe('topic grammar', () => {
  const spoken = (raw: string, limit = 20) => {
    const topic = readTopic(raw);
    return topic && { role: topic.role, text: topicText(topic, limit) };
  };

  it.each<[string, TopicRole]>([
    ['home workouts', 'noun'],
    ['the best coffee in Rome', 'noun'],
    ['AI', 'noun'],
    ['things you should know about taxes', 'noun'],
    ['Travel tips for Japan', 'noun'],
    ['Morning routines that make you more productive', 'noun'],
    ['running a marathon', 'gerund'],
    ['learn Spanish fast', 'verb'],
    ['Travel on a budget', 'verb'],
    ['run faster', 'verb'],
    ['why everyone should learn to fall', 'wh-clause'],
    ['how to save money on groceries', 'wh-clause'],
    ['what I eat in a day', 'wh-clause'],
    ['what people should know about taxes', 'wh-clause'],
    ['how long to boil an egg', 'wh-clause'],
    ['is remote work here to stay?', 'question'],
    ['why do cats purr', 'question'],
    ['what is the best diet', 'question'],
    ['which laptop should I buy', 'question'],
    ['how much money do you need to retire', 'question'],
    ['remote work is here to stay', 'statement'],
    ["don't skip breakfast", 'statement'],
    ['my dog ate my homework', 'statement'],
    ['I quit my job', 'statement'],
    ['if you hate running', 'condition'],
    ['when you cannot sleep', 'condition'],
  ])('reads "%s" as a %s', (raw, role) => {
    expect(readTopic(raw)?.role).toBe(role);
  });

  it('cleans and cases the topic for the middle of a sentence', () => {
    expect(spoken('Cold brew coffee at home. It is cheaper and tastes better.')).toEqual({ role: 'noun', text: 'cold brew coffee at home' });
    expect(spoken('LEARN SPANISH FAST!!! 🔥🔥')).toEqual({ role: 'verb', text: 'learn Spanish fast' });
    expect(spoken('How To Save Money On Groceries')).toEqual({ role: 'wh-clause', text: 'how to save money on groceries' });
    expect(spoken('"New York" pizza (the real one) #foodie #nyc')).toEqual({ role: 'noun', text: 'New York pizza' });
    expect(spoken('So, the the best tips for a AI startup...')).toEqual({ role: 'noun', text: 'the best tips for an AI startup' });
    expect(spoken('Topic: if you hate running, try this')).toEqual({ role: 'condition', text: 'if you hate running' });
    expect(spoken("What's the best way to learn?")).toEqual({ role: 'question', text: 'what is the best way to learn' });
    expect(spoken('ok so basically... i want to talk about my podcast')).toEqual({ role: 'statement', text: 'I want to talk about my podcast' });
  });

  it('has nothing to say for a topic without words that carry meaning', () => {
    for (const raw of ['', '   ', '🔥🔥', '???', 'why', 'how to', 'the', "it's"]) expect(readTopic(raw)).toBeUndefined();
  });

  it('shortens only where a phrase ends, and a clause only with its verb', () => {
    const cut = (raw: string, limit: number, midPhrase = false) => topicText(readTopic(raw)!, limit, midPhrase);
    expect(cut('how to save money on groceries', 5)).toBe('how to save money');
    expect(cut('why everyone should learn to fall', 5)).toBe('why everyone should learn');
    expect(cut('why everyone should learn to fall', 3)).toBeUndefined(); // "why everyone should" dangles
    expect(cut('is remote work here to stay', 5)).toBe('is remote work here');
    expect(cut('the best coffee in Rome', 4)).toBe('the best coffee');
    expect(cut('the best coffee in Rome', 2)).toBeUndefined();
    expect(cut('the best coffee in Rome', 2, true)).toBe('the best');
    expect(cut('learn Spanish fast', 2, true)).toBe('learn Spanish');
    expect(cut('save money on the', 4)).toBe('save money on the'); // the user's own words are kept whole when they fit
  });

  it.each([
    ['apple', 'an'],
    ['useful', 'a'],
    ['unicorn', 'a'],
    ['unexpected', 'an'],
    ['one-minute', 'a'],
    ['hour', 'an'],
    ['honest', 'an'],
    ['house', 'a'],
    ['AI', 'an'],
    ['FBI', 'an'],
    ['UFO', 'a'],
    ['NASA', 'a'],
    ['8-week', 'an'],
    ['11', 'an'],
    ['110', 'a'],
    ['18,000', 'an'],
    ['European', 'a'],
    ['eye-opening', 'an'],
  ])('"%s" takes the article "%s"', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });
});
