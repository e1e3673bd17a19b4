import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import { isRemoteVersion, isValidKey, remoteFileKey, Subjects, type RemoteLiveVersions } from '@lipcast/contracts';
import type { ServiceClient, StorageService } from '@lipcast/nest-kit';
import { acceptedEncodings, COMPRESSIBLE, ENCODINGS } from './precompressed';

/** How long `/remotes.json` reuses the registry's answer: a release shows on the next page load a second later at most. */
export const LIVE_VERSIONS_TTL_MS = 1000;
/** Every page load waits for `/remotes.json`: a registry that does not answer within this keeps the last answer. */
export const LIVE_VERSIONS_TIMEOUT_MS = 1000;

/**
 * The live version of each released remote, as the content service's registry says (issue 21). The
 * answer is reused for a second, so page loads do not each ask; while the registry cannot answer,
 * the last answer stays (a remote never falls back to another build because NATS blinked), and
 * before any answer there are no releases (each remote's own build, as without the registry).
 */
export class LiveRemoteVersions {
  private known: { versions: RemoteLiveVersions; at: number } | null = null;
  private asking: Promise<RemoteLiveVersions> | null = null;

  constructor(
    private readonly ask: () => Promise<RemoteLiveVersions>,
    private readonly ttlMs = LIVE_VERSIONS_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  static fromRegistry(services: ServiceClient): LiveRemoteVersions {
    return new LiveRemoteVersions(() => services.send(Subjects.content.remotesLive, {}, LIVE_VERSIONS_TIMEOUT_MS));
  }

  async get(): Promise<RemoteLiveVersions> {
    if (this.known && this.clock() - this.known.at < this.ttlMs) return this.known.versions;
    // Page loads arriving together share one request.
    this.asking ??= this.ask()
      .then((versions) => {
        this.known = { versions, at: this.clock() };
        return versions;
      })
      .catch(() => this.known?.versions ?? {})
      .finally(() => {
        this.asking = null;
      });
    return this.asking;
  }
}

/**
 * Serves the files of published remote versions from the object store, at
 * `/remotes/<folder>/v/<version>/<file>` (mounted at `/remotes/<folder>/v`). They are streamed, not
 * redirected to the store: Module Federation resolves a remote's chunks against its manifest's URL
 * (`publicPath: 'auto'`), so the manifest and its chunks must come from this one address.
 * `cacheControl` is the rule for local builds: hashed files immutable, entry files revalidated.
 */
export function releasedRemoteFiles(folder: string, storage: StorageService, cacheControl: (response: Response, file: string) => void): RequestHandler {
  return async (request: Request, response: Response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const match = /^\/([^/]+)\/(.+)$/.exec(request.path);
    const version = match?.[1] ?? '';
    const file = match?.[2] ?? '';
    const key = remoteFileKey(folder, version, file);
    if (!isRemoteVersion(version) || !isValidKey(key)) return next();
    try {
      // The file itself decides whether it exists; a compressed copy is only another way to send it.
      let object = await storage.stat(key);
      if (!object) return next();
      let found: { key: string; encoding?: string } = { key };
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      const encodings = COMPRESSIBLE.test(file) ? ENCODINGS.filter((encoding) => accepted.has(encoding.name)) : [];
      for (const encoding of encodings) {
        const compressed = await storage.stat(key + encoding.suffix);
        if (compressed) {
          found = { key: key + encoding.suffix, encoding: encoding.name };
          object = compressed;
          break;
        }
      }
      if (COMPRESSIBLE.test(file)) response.vary('Accept-Encoding');
      response.setHeader('Access-Control-Allow-Origin', '*');
      cacheControl(response, file);
      response.type(extname(file));
      if (found.encoding) response.setHeader('Content-Encoding', found.encoding);
      response.setHeader('ETag', object.etag.startsWith('"') ? object.etag : `"${object.etag}"`);
      response.setHeader('Last-Modified', object.lastModified.toUTCString());
      if (request.fresh) return void response.status(304).end();
      response.setHeader('Content-Length', String(object.size));
      if (request.method === 'HEAD') return void response.end();
      await pipeline(await storage.read(found.key), response);
    } catch (error) {
      if (response.headersSent) return void response.destroy(error as Error);
      response.status(503).setHeader('Cache-Control', 'no-store').type('text/plain').send('The remote\'s files cannot be read right now.');
    }
  };
}
