import { changedSentence, RevisionMessages, scriptSentences } from './revisions';

const SCRIPT = 'Meet Lipcast. It makes videos! Are you ready? Try it today';

describe('scriptSentences', () => {
  it('splits at sentence ends, keeping where each starts among the words', () => {
    expect(scriptSentences(SCRIPT)).toEqual([
      { text: 'Meet Lipcast.', firstWord: 0, wordCount: 2 },
      { text: 'It makes videos!', firstWord: 2, wordCount: 3 },
      { text: 'Are you ready?', firstWord: 5, wordCount: 3 },
      { text: 'Try it today', firstWord: 8, wordCount: 3 },
    ]);
  });

  it('ends a sentence at a closing quote after its punctuation, and counts words as white space splits them', () => {
    expect(scriptSentences('He said "go."   Then  left.').map((sentence) => sentence.text)).toEqual(['He said "go."', 'Then left.']);
  });
});

describe('changedSentence', () => {
  it('finds the one sentence changed', () => {
    expect(changedSentence(SCRIPT, 'Meet Lipcast. It makes talking videos in minutes! Are you ready? Try it today')).toEqual({
      index: 1,
      before: 'It makes videos!',
      after: 'It makes talking videos in minutes!',
    });
  });

  it('takes one sentence replaced by several, and the last sentence', () => {
    expect(changedSentence(SCRIPT, 'Meet Lipcast. It makes videos! Are you ready? Try it. Today.')).toEqual({ index: 3, before: 'Try it today', after: 'Try it. Today.' });
  });

  it('ignores spacing', () => {
    expect(changedSentence(SCRIPT, `  ${SCRIPT.replace(/ /g, '  ')} `)).toEqual({ refused: RevisionMessages.unchanged });
  });

  it.each([
    ['two sentences changed', 'Meet Lipcast now. It makes clips! Are you ready? Try it today', RevisionMessages.tooMany],
    ['a sentence removed', 'Meet Lipcast. Are you ready? Try it today', RevisionMessages.removed],
    ['a sentence added', 'Meet Lipcast. Hello. It makes videos! Are you ready? Try it today', RevisionMessages.added],
    ['too long', `${SCRIPT} ${'a'.repeat(2000)}`, RevisionMessages.tooLong],
  ])('refuses %s', (_case, edited, message) => {
    expect(changedSentence(SCRIPT, edited)).toEqual({ refused: message });
  });
});
