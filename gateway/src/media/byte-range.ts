export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Longer Range headers are ignored (the whole object is served, as RFC 9110 allows): a player asks
 * for one range in a few dozen characters, and the cap bounds the work one request can cause.
 */
export const MAX_RANGE_HEADER_LENGTH = 200;

const isDigit = (character: string | undefined) => character !== undefined && character >= '0' && character <= '9';
const isSpace = (character: string | undefined) => character === ' ' || character === '\t';

/**
 * Parses an HTTP Range header against an object of `size` bytes (RFC 9110, single range; with
 * several ranges the first is served). Returns null when there is no usable Range header (serve
 * the whole object) and 'unsatisfiable' when it asks for bytes the object does not have (416).
 * A hand-written scanner: each character is looked at once, so no header can make it backtrack.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header || header.length > MAX_RANGE_HEADER_LENGTH) return null;
  const text = header.trim();
  if (!text.startsWith('bytes=')) return null;
  let position = 'bytes='.length;
  const skipSpaces = () => {
    while (isSpace(text[position])) position++;
  };
  const readDigits = () => {
    const from = position;
    while (isDigit(text[position])) position++;
    return text.slice(from, position);
  };

  skipSpaces();
  const first = readDigits();
  skipSpaces();
  if (text[position] !== '-') return null;
  position++;
  skipSpaces();
  const last = readDigits();
  skipSpaces();
  // Anything after the first range must be the next one (`, …`), which is not served.
  if (position < text.length && text[position] !== ',') return null;

  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
