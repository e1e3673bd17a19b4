import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PRERENDERED_KINDS, PRERENDERED_SLOT, REMOTE_FOLDERS, type DataPage, type DataPageModule, type PrerenderedIndexEntry, type PrerenderedKind, type RemoteName } from '@lipcast/contracts';

/**
 * Pages the apps prerender for visitors (see `PrerenderedKind` in the contracts): at build time,
 * or, for pages that show data, on request by the remote's render module with the data read then.
 * A visitor's request for one gets the shell's page with the static markup in place of the empty
 * app root and no app code: the shell's small `visitor-boot.js` starts the app when the visitor
 * first interacts (shell/src/visitor/boot-on-interaction.ts).
 */
export interface StaticPage {
  /** The markup in place of the app root; a remote's part sits where the shell mounts that remote. */
  html: string;
  /** The remote's own script for the static page, as served under `/remotes/<folder>/`. */
  script?: string;
  /** The remote's stylesheets, as served under `/remotes/<folder>/` (its classes are not in the shell's). */
  stylesheets?: string[];
}

const SAFE_FILE = /^[\w.-]+$/;

function isIndexEntry(value: unknown): value is PrerenderedIndexEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.path === 'string' &&
    entry.path.startsWith('/') &&
    PRERENDERED_KINDS.includes(entry.kind as PrerenderedKind) &&
    typeof entry.file === 'string' &&
    SAFE_FILE.test(entry.file) &&
    (entry.script === undefined || (typeof entry.script === 'string' && SAFE_FILE.test(entry.script))) &&
    (entry.stylesheets === undefined || (Array.isArray(entry.stylesheets) && entry.stylesheets.every((file) => typeof file === 'string' && SAFE_FILE.test(file))))
  );
}

function parseIndex(text: string | null): PrerenderedIndexEntry[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isIndexEntry) : [];
  } catch {
    return [];
  }
}

/** A file read again only when it changes, so a rebuild needs no gateway restart. */
export function cachedFile(path: string): () => string | null {
  let cached: { mtimeMs: number; text: string } | null = null;
  return () => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return null;
    if (cached?.mtimeMs !== stats.mtimeMs) cached = { mtimeMs: stats.mtimeMs, text: readFileSync(path, 'utf8') };
    return cached.text;
  };
}

/** A render module (`data` entries), loaded again when its file changes; null when missing or not one. */
function cachedRenderModule(path: string): () => { version: number; module: DataPageModule } | null {
  const load = createRequire(path);
  let cached: { version: number; module: DataPageModule | null } | null = null;
  return () => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return null;
    if (cached?.version !== stats.mtimeMs) {
      delete load.cache[path];
      const loaded = load(path) as Partial<DataPageModule> | null;
      cached = { version: stats.mtimeMs, module: typeof loaded?.renderDataPage === 'function' ? (loaded as DataPageModule) : null };
    }
    return cached.module && { version: cached.version, module: cached.module };
  };
}

/** Where an app's build writes its prerendered fragments, in its dist folder (tools/webpack/prerender.cjs): read here, never served as files. */
export const PRERENDERED_FOLDER = 'prerendered';

/** One app's prerendered fragments (`<app>/dist/prerendered/`). */
class AppFragments {
  private readonly index = cachedFile(join(this.directory, 'pages.json'));
  private readonly files = new Map<string, () => string | null>();
  private readonly renderModules = new Map<string, ReturnType<typeof cachedRenderModule>>();

  constructor(
    readonly folder: string,
    private readonly directory: string,
  ) {}

  find(path: string, kinds: readonly PrerenderedKind[]): PrerenderedIndexEntry | undefined {
    return parseIndex(this.index()).find((entry) => entry.path === path && kinds.includes(entry.kind));
  }

  read(entry: PrerenderedIndexEntry): string | null {
    let read = this.files.get(entry.file);
    if (!read) {
      read = cachedFile(join(this.directory, entry.file));
      this.files.set(entry.file, read);
    }
    return read();
  }

  renderModule(entry: PrerenderedIndexEntry): ReturnType<ReturnType<typeof cachedRenderModule>> {
    let load = this.renderModules.get(entry.file);
    if (!load) {
      load = cachedRenderModule(join(this.directory, entry.file));
      this.renderModules.set(entry.file, load);
    }
    return load();
  }
}

/** Data pages rendered and kept at once, by their data; the oldest leaves first. */
const MAX_RENDERED_DATA_PAGES = 200;

export class PrerenderedPages {
  private readonly shell: AppFragments;
  private readonly remotes: { remote: RemoteName; fragments: AppFragments }[];
  /** A data page's markup by its render module's version and its data: the same data is rendered once. */
  private readonly renderedData = new Map<string, string>();

  /** Remotes served from elsewhere (`REMOTE_*_URL`) are skipped: their pages may differ from the local build's. */
  constructor(webRoot: string, servedElsewhere: ReadonlySet<RemoteName>) {
    const fragmentsOf = (folder: string) => new AppFragments(folder, join(webRoot, folder, 'dist', PRERENDERED_FOLDER));
    this.shell = fragmentsOf('shell');
    this.remotes = (Object.entries(REMOTE_FOLDERS) as [RemoteName, string][])
      .filter(([remote]) => !servedElsewhere.has(remote))
      .map(([remote, folder]) => ({ remote, fragments: fragmentsOf(folder) }));
  }

  /** The static page for a path, when a remote prerendered it (and, for content, the shell its layout). */
  find(requestPath: string): StaticPage | undefined {
    const path = requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath;
    for (const { remote, fragments } of this.remotes) {
      const entry = fragments.find(path, ['page', 'content']);
      const fragment = entry && fragments.read(entry);
      if (!entry || !fragment) continue;
      // The remote's part sits where the shell mounts the remote's pages, so the same styles apply.
      const mounted = `<div data-remote="${remote}" class="contents">${fragment}</div>`;
      const html = entry.kind === 'page' ? mounted : this.inLayout(path, mounted);
      if (!html) return undefined;
      const served = (file: string) => `/remotes/${fragments.folder}/${file}`;
      return { html, script: entry.script && served(entry.script), stylesheets: entry.stylesheets?.map(served) };
    }
    return undefined;
  }

  /**
   * Whether a remote renders the data pages of a route (its data is then worth reading). Not one
   * with a released version live (`released`): its render module is the local build's, whose
   * markup may differ from the release's.
   */
  rendersData(route: string, released: ReadonlySet<RemoteName> = new Set()): boolean {
    return this.remotes.some(({ remote, fragments }) => !released.has(remote) && fragments.find(route, ['data']) !== undefined);
  }

  /**
   * A data page with its data, rendered by the remote that prerenders its route, in the shell's
   * layout for the route; undefined when no remote does (or only a released one), its module is
   * missing or rendering fails (the app is then served as usual).
   */
  renderData(page: DataPage, released: ReadonlySet<RemoteName> = new Set()): StaticPage | undefined {
    for (const { remote, fragments } of this.remotes) {
      const entry = released.has(remote) ? undefined : fragments.find(page.route, ['data']);
      if (!entry) continue;
      const fragment = this.renderDataFragment(fragments, entry, page);
      const html = fragment && this.inLayout(page.route, `<div data-remote="${remote}" class="contents">${fragment}</div>`);
      if (!html) return undefined;
      return { html, stylesheets: entry.stylesheets?.map((file) => `/remotes/${fragments.folder}/${file}`) };
    }
    return undefined;
  }

  private renderDataFragment(fragments: AppFragments, entry: PrerenderedIndexEntry, page: DataPage): string | undefined {
    try {
      const loaded = fragments.renderModule(entry);
      if (!loaded) return undefined;
      const key = `${fragments.folder} ${loaded.version} ${createHash('sha256').update(JSON.stringify(page)).digest('base64url')}`;
      let html = this.renderedData.get(key);
      if (html === undefined) {
        html = loaded.module.renderDataPage(page);
        if (this.renderedData.size >= MAX_RENDERED_DATA_PAGES) this.renderedData.delete(this.renderedData.keys().next().value!);
        this.renderedData.set(key, html);
      }
      return html;
    } catch {
      return undefined;
    }
  }

  private inLayout(path: string, content: string): string | null {
    const entry = this.shell.find(path, ['layout']);
    const layout = entry && this.shell.read(entry);
    return layout?.includes(PRERENDERED_SLOT) ? layout.replace(PRERENDERED_SLOT, () => content) : null;
  }
}

const ROOT_ELEMENT = '<div id="root"></div>';
const SHELL_SCRIPT = /\s*<script defer(?:="defer")? src="([^"]+)"><\/script>/g;
export const VISITOR_BOOT_SCRIPT = '/visitor-boot.js';

/**
 * The shell's page with a prerendered fragment shown and the app held back: the shell's scripts
 * move into `visitor-boot.js`'s list, the app root stays empty and hidden until it takes over.
 * Null when the shell's page does not have the expected shape (then the app is served as usual).
 */
export function composeVisitorPage(shellHtml: string, page: StaticPage): string | null {
  const scripts = [...shellHtml.matchAll(SHELL_SCRIPT)].map((match) => match[1]);
  if (!shellHtml.includes(ROOT_ELEMENT) || scripts.length === 0) return null;
  const staticScripts = [
    `<script defer src="${VISITOR_BOOT_SCRIPT}" data-boot="${scripts.join(' ')}"></script>`,
    ...(page.script ? [`<script defer src="${page.script}"></script>`] : []),
  ];
  const stylesheets = (page.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${href}">`);
  return shellHtml
    .replace(SHELL_SCRIPT, '')
    .replace(/<\/head>/i, (closing) => `${stylesheets.map((link) => `  ${link}\n`).join('')}${closing}`)
    .replace(ROOT_ELEMENT, () => `<div id="prerendered">${page.html}</div>\n    <div id="root" hidden></div>`)
    .replace(/<\/body>/i, (closing) => `  ${staticScripts.join('\n  ')}\n  ${closing}`);
}
