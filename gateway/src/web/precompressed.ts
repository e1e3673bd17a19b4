import { statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import express, { type RequestHandler } from 'express';

/** The build writes `<file>.br` and `<file>.gz` beside each text asset (tools/webpack/create-config.cjs), and a published remote version keeps them; brotli first. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;

/** The content codings a request accepts (`Accept-Encoding`), without those it refuses with `q=0`. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/**
 * `express.static` that answers with the build's precompressed copy when the browser accepts it:
 * the bytes leave as they were compressed at build time (brotli at its best level), with the
 * original file's type, `Content-Encoding`, `Vary: Accept-Encoding` and the copy's own ETag.
 * `setHeaders` receives the original file's path, so cache rules see one name for every copy.
 * Files under a `withheld` folder of `root` are not served (`next()`): the server's own inputs.
 */
export function servePrecompressed(root: string, setHeaders: (response: express.Response, path: string) => void, withheld?: string): RequestHandler {
  const base = resolve(root);
  const withheldFolder = withheld && resolve(base, withheld) + sep;
  const files = express.static(base, { index: false, setHeaders: (response, path) => setHeaders(response, path.replace(/\.(br|gz)$/, '')) });
  return (request, response, next) => {
    let original: string;
    try {
      original = resolve(base, `.${decodeURIComponent(request.path)}`);
    } catch {
      return files(request, response, next); // a malformed path: express.static answers it
    }
    if (withheldFolder && original.startsWith(withheldFolder)) return next();
    const compressible = (request.method === 'GET' || request.method === 'HEAD') && COMPRESSIBLE.test(request.path);
    if (!compressible) return files(request, response, next);
    response.vary('Accept-Encoding');
    if (!original.startsWith(base + sep)) return files(request, response, next);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = ENCODINGS.find((candidate) => accepted.has(candidate.name) && isFile(original + candidate.suffix));
    if (encoding) {
      response.setHeader('Content-Encoding', encoding.name);
      response.type(extname(request.path));
      const queryAt = request.url.indexOf('?');
      request.url = queryAt === -1 ? request.url + encoding.suffix : request.url.slice(0, queryAt) + encoding.suffix + request.url.slice(queryAt);
    }
    files(request, response, next);
  };
}
