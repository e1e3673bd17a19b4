export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses an HTTP Range header against an object of `size` bytes (RFC 9110, single range; with
 * several ranges the first is served). Returns null when there is no usable Range header (serve
 * the whole object) and 'unsatisfiable' when it asks for bytes the object does not have (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,.*)?$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
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
