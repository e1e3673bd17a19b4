import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Express, Request, Response } from 'express';
import { findRoute, LANDING, metaForPath, NOT_FOUND_META, REMOTE_FOLDERS, REMOTE_MANIFEST_FILE, REMOTE_MANIFEST_PATH, remoteVersionPath, type PageMeta, type RemoteLiveVersions, type RemoteManifest, type RemoteName } from '@lipcast/contracts';
import type { StorageService } from '@lipcast/nest-kit';
import { publicOrigin } from '../http/public-origin';
import { SESSION_COOKIE } from '../session/session.middleware';
import { injectHead } from './page-head';
import { acceptedEncodings, servePrecompressed } from './precompressed';
import type { PublicContent } from './data-pages';
import { robotsTxt, sitemapXml } from './data-pages';
import { cachedFile, composeVisitorPage, PRERENDERED_FOLDER, PrerenderedPages, type StaticPage } from './prerendered-pages';
import { releasedRemoteFiles, type LiveRemoteVersions } from './remote-releases';

export interface FrontEndOptions {
  webRoot: string;
  /** Per-remote manifest URL overrides (deploy-time), keyed by federation container name. */
  remoteOverrides: Partial<Record<RemoteName, string>>;
  /**
   * The metadata of a page whose content decides it (a blog post): its own meta, null when the
   * thing does not exist (404), undefined to use the route's.
   */
  contentMeta?: (path: string) => Promise<PageMeta | null | undefined>;
  /** The data of the pages prerendered with their data (blog, posts, gallery) and the sitemap's posts; without it they are the app's. */
  publicContent?: Pick<PublicContent, 'dataPage' | 'sitemap'>;
  /**
   * Released remotes (issue 21): the registry's live versions, and the object store their published
   * files are served from. Without it every remote is its own build (or its override).
   */
  releases?: { live: LiveRemoteVersions; storage: StorageService };
  /** The site's public origin (`PUBLIC_URL`), for canonical URLs and the sitemap; unset: each request's own. */
  publicUrl?: string;
}

/**
 * Where the shell loads each remote from: a deploy-time override (`REMOTE_<NAME>_URL`) first, then
 * the released version the registry says is live, else the remote's own build on this gateway.
 */
export function remoteManifest(overrides: FrontEndOptions['remoteOverrides'], live: RemoteLiveVersions = {}): RemoteManifest {
  const entries = (Object.keys(REMOTE_FOLDERS) as RemoteName[]).map((name) => {
    const released = live[name];
    const url = overrides[name] ?? (released ? `${remoteVersionPath(name, released)}${REMOTE_MANIFEST_FILE}` : `/remotes/${REMOTE_FOLDERS[name]}/${REMOTE_MANIFEST_FILE}`);
    return [name, url] as const;
  });
  return Object.fromEntries(entries) as RemoteManifest;
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Hashed build files never change; entry files (manifests, remoteEntry.js, index.html) always may. */
export function cacheHeaders(response: Response, path: string) {
  const immutable = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/.test(path);
  response.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** A visitor has no session cookie; whoever has one may be signed in and gets the app. */
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE.replaceAll('.', '\\.')}=`);
const hasSessionCookie = (request: Request) => SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '');

/** `/` is the landing page for visitors, the wizard for signed-in users (shell/src/routes.tsx). */
const metaForVisitor = (path: string): PageMeta => (path === '/' ? LANDING.meta : metaForPath(path));

/** The page's one address: no query, no trailing slash. */
const canonicalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);


/** What a visitor is served in place of the app: the static page and its head. */
interface VisitorPage {
  page: StaticPage;
  meta: PageMeta;
  structuredData?: Record<string, unknown>;
}

/** Pages are composed per request (their metadata names the URL), so they are compressed here, quickly. */
function sendPage(request: Request, response: Response, status: number, html: string): void {
  response.status(status).setHeader('Cache-Control', 'no-cache').vary('Accept-Encoding').vary('Cookie').type('html');
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (accepted.has('br')) {
    response.setHeader('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (accepted.has('gzip')) {
    response.setHeader('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  } else {
    response.send(html);
  }
}

/**
 * Serves the built front end on the gateway's origin: the shell at `/`, each remote at
 * `/remotes/<folder>/` (a published version at `/remotes/<folder>/v/<version>/`, from the object
 * store), the runtime remote manifest, and for every page path the shell's
 * index.html with that page's metadata written in (404 status for unknown paths). Visitors get
 * the prerendered copy of a page where a remote made one (prerendered-pages.ts), for the blog,
 * its posts and the gallery rendered now with their data (data-pages.ts); crawlers get
 * `robots.txt` and `sitemap.xml`.
 */
export function mountFrontEnd(app: Express, options: FrontEndOptions): void {
  const shellDist = join(options.webRoot, 'shell/dist');
  const prerendered = new PrerenderedPages(options.webRoot, new Set(Object.keys(options.remoteOverrides).filter((name) => options.remoteOverrides[name as RemoteName]) as RemoteName[]));
  // Re-read when the file changes, so rebuilding the shell needs no gateway restart.
  const readIndex = cachedFile(join(shellDist, 'index.html'));
  /** Where the page's canonical URL, og:url and the sitemap point: the public origin, not whatever Host a request names. */
  const originOf = (request: Request) => publicOrigin({ PUBLIC_URL: options.publicUrl }, request);

  /** A page prerendered at build time, with its route's metadata. */
  const staticVisitorPage = (path: string): VisitorPage | undefined => {
    const page = prerendered.find(path);
    return page && { page, meta: metaForVisitor(path) };
  };
  /**
   * A page prerendered now with the data read for it (blog, post, gallery); undefined when the path
   * is none, no remote renders it (a remote with a released version live does not), or a read or
   * the rendering fails (the app is then served: a post that does not exist gets the app's 404).
   */
  const visitorDataPage = async (request: Request, canonicalUrl: string): Promise<VisitorPage | undefined> => {
    const route = findRoute(request.path)?.path;
    if (!options.publicContent || !route) return undefined;
    const released = new Set(Object.keys((await options.releases?.live.get()) ?? {}) as RemoteName[]);
    if (!prerendered.rendersData(route, released)) return undefined;
    const query = new URL(request.originalUrl, 'http://gateway').searchParams;
    const data = await options.publicContent.dataPage(request.path, query, canonicalUrl).catch(() => undefined);
    if (!data) return undefined;
    const page = prerendered.renderData(data.page, released);
    return page && { page, meta: data.meta ?? metaForPath(request.path), structuredData: data.structuredData };
  };

  // Asked on every page load (shell/src/remotes.ts), so a release or rollback shows on the next one.
  app.get(REMOTE_MANIFEST_PATH, async (_request, response) => {
    const live = (await options.releases?.live.get()) ?? {};
    response.setHeader('Cache-Control', 'no-cache');
    response.json(remoteManifest(options.remoteOverrides, live));
  });
  for (const folder of Object.values(REMOTE_FOLDERS)) {
    if (options.releases) app.use(`/remotes/${folder}/v`, releasedRemoteFiles(folder, options.releases.storage, cacheHeaders));
    app.use(
      `/remotes/${folder}`,
      (_request, response, next) => {
        response.setHeader('Access-Control-Allow-Origin', '*');
        next();
      },
      servePrecompressed(join(options.webRoot, folder, 'dist'), cacheHeaders, PRERENDERED_FOLDER),
    );
  }
  app.get('/robots.txt', (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.type('text/plain').send(robotsTxt(originOf(request)));
  });
  app.get('/sitemap.xml', async (request: Request, response: Response) => {
    const entries = (await options.publicContent?.sitemap().catch(() => null)) ?? null;
    if (!entries) return void response.status(503).type('text/plain').send('The sitemap is not available right now.');
    response.setHeader('Cache-Control', 'no-cache');
    response.type('application/xml').send(sitemapXml(originOf(request), entries));
  });
  // A missing remote file is a plain 404, never the shell's page (the shell would load HTML as code).
  app.use('/remotes', (_request: Request, response: Response) => void response.status(404).type('text/plain').send('Not found'));
  // API requests skip the file look-up entirely.
  const shellFiles = servePrecompressed(shellDist, cacheHeaders, PRERENDERED_FOLDER);
  app.use((request: Request, response: Response, next) => (isApiPath(request.path) ? next() : shellFiles(request, response, next)));

  app.use(async (request: Request, response: Response, next) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.path);
    if (!isPage) return next();
    const html = readIndex();
    if (!html) {
      response.status(503).type('text/plain').send('The front end is not built yet: run "npm start" (or "npx nx run-many -t build").');
      return;
    }
    const url = `${originOf(request)}${request.originalUrl}`;
    const canonicalUrl = `${originOf(request)}${canonicalPath(request.path)}`;
    const withoutSession = !hasSessionCookie(request);
    if (withoutSession) {
      const served = (await visitorDataPage(request, canonicalUrl)) ?? staticVisitorPage(request.path);
      const visitorHtml = served && composeVisitorPage(html, served.page);
      if (visitorHtml) {
        sendPage(request, response, 200, injectHead(visitorHtml, served.meta, url, withoutSession, { canonicalUrl, structuredData: served.structuredData }));
        return;
      }
    }
    // The content's own metadata where it has some; a failed look-up keeps the route's.
    const own = findRoute(request.path) ? await options.contentMeta?.(request.path).catch(() => undefined) : undefined;
    const found = findRoute(request.path) !== undefined && own !== null;
    const meta = own === null ? NOT_FOUND_META : (own ?? metaForPath(request.path));
    sendPage(request, response, found ? 200 : 404, injectHead(html, meta, url, withoutSession, found ? { canonicalUrl } : {}));
  });
}
