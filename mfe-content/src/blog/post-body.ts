/** A block of a post's body: the body is plain text, never HTML, so it is rendered as text nodes. */
export type BodyBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string };

const HEADING_PREFIX = '## ';

/** Splits a body into blocks: blank lines separate them, a block starting with `## ` is a heading. */
export function parsePostBody(body: string): BodyBlock[] {
  return body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .flatMap((block): BodyBlock[] => {
      if (!block.startsWith(HEADING_PREFIX)) return [{ kind: 'paragraph', text: block }];
      // A heading line directly followed by text (no blank line) still starts a paragraph of its own.
      const [heading, ...rest] = block.split('\n');
      const paragraph = rest.join('\n').trim();
      const headingBlock: BodyBlock = { kind: 'heading', text: heading.slice(HEADING_PREFIX.length).trim() };
      return paragraph ? [headingBlock, { kind: 'paragraph', text: paragraph }] : [headingBlock];
    });
}
