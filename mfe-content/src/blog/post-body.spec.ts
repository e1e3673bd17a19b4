import { parsePostBody } from './post-body';

describe(parsePostBody.name, () => {
  it('splits paragraphs on blank lines and reads `## ` blocks as headings', () => {
    expect(parsePostBody('Intro line one\nline two\n\n## Tips\n\nKeep it short.\r\n\r\n\n')).toEqual([
      { kind: 'paragraph', text: 'Intro line one\nline two' },
      { kind: 'heading', text: 'Tips' },
      { kind: 'paragraph', text: 'Keep it short.' },
    ]);
  });

  it('separates a heading from text that follows it without a blank line', () => {
    expect(parsePostBody('## Speed\nFrom 0.5 to 2.')).toEqual([
      { kind: 'heading', text: 'Speed' },
      { kind: 'paragraph', text: 'From 0.5 to 2.' },
    ]);
  });

  it('keeps `#` without the space as text and gives nothing for an empty body', () => {
    expect(parsePostBody('#AIVideo is a tag')).toEqual([{ kind: 'paragraph', text: '#AIVideo is a tag' }]);
    expect(parsePostBody('  \n\n ')).toEqual([]);
  });
});
