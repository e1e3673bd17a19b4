import { scriptWordBudget } from '../../ports/script.port';
import { DEFAULT_OPENAI_MODEL, OpenAiScript, scriptMaxOutputTokens, wholeSentences } from './openai-script';

describe('the output cap of a script call', () => {
  it('fits the word budget at ~1.5 tokens a word, plus a margin and the reasoning room', () => {
    expect(scriptMaxOutputTokens(scriptWordBudget(15), 'off')).toBe(145); // 30 words
    expect(scriptMaxOutputTokens(scriptWordBudget(15), 'none')).toBe(145);
    expect(scriptMaxOutputTokens(scriptWordBudget(15), 'low')).toBe(145 + 2048);
    expect(scriptMaxOutputTokens(scriptWordBudget(60), 'low')).toBe(294 + 2048); // 129 words
    expect(scriptMaxOutputTokens(scriptWordBudget(60), 'medium')).toBe(294 + 8192);
  });
});

describe('wholeSentences', () => {
  it('drops a sentence cut off at the cap', () => {
    expect(wholeSentences('Start small. Do it daily! Most people qu')).toBe('Start small. Do it daily!');
    expect(wholeSentences('Is it hard? "Not really." Then')).toBe('Is it hard? "Not really."');
  });

  it('keeps a text that ends with a sentence, and gives nothing when no sentence ends', () => {
    expect(wholeSentences('Start small. ')).toBe('Start small.');
    expect(wholeSentences('Start small and do it every')).toBe('');
    expect(wholeSentences('Version 2.5 is out')).toBe('');
  });
});

describe('OpenAiScript at start', () => {
  const warnings = (model: string | undefined, today: string) => {
    const seen: string[] = [];
    new OpenAiScript({ apiKey: 'sk-test', model, now: () => new Date(`${today}T09:00:00Z`), logger: { warn: (message) => seen.push(message) } });
    return seen;
  };

  it('warns when the configured model shuts down within 90 days', () => {
    expect(warnings('gpt-4.1-mini', '2026-11-23')).toEqual([
      'OPENAI_MODEL gpt-4.1-mini shuts down on 2027-01-14 (in 52 days): set OPENAI_MODEL to a current model before then',
    ]);
  });

  it('does not warn for a model further from its shutdown, or the default model', () => {
    expect(warnings('gpt-4.1-mini', '2026-09-01')).toEqual([]);
    expect(warnings(undefined, '2026-11-23')).toEqual([]);
    expect(warnings(DEFAULT_OPENAI_MODEL, '2030-01-01')).toEqual([]);
  });
});
