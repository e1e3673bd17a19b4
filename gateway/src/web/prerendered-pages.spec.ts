import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_PAGE_ROUTES, PRERENDERED_SLOT, type DataPage } from '@lipcast/contracts';
import { composeVisitorPage, PrerenderedPages } from './prerendered-pages';

const SHELL_HTML = `<!doctype html>
<html lang="en">
  <head>
    <!--lipcast:head-->
  <link href="/main.0123456789abcdef.css" rel="stylesheet"></head>
  <body>
    <div id="root"></div>
  <script defer src="/main.js"></script></body>
</html>`;

describe(composeVisitorPage.name, () => {
  it('shows the static page in place of the app root, keeps the stylesheet and hands the shell scripts to the boot script', () => {
    const html = composeVisitorPage(SHELL_HTML, { html: '<h1>Hello</h1>', script: '/remotes/mfe-content/static-samples.js' })!;
    expect(html).toContain('<div id="prerendered"><h1>Hello</h1></div>');
    expect(html).toContain('<div id="root" hidden></div>');
    expect(html).toContain('<link href="/main.0123456789abcdef.css" rel="stylesheet">');
    expect(html).not.toContain('<script defer src="/main.js">');
    expect(html).toContain('<script defer src="/visitor-boot.js" data-boot="/main.js"></script>');
    expect(html).toContain('<script defer src="/remotes/mfe-content/static-samples.js"></script>');
    expect(html.indexOf('visitor-boot.js')).toBeLessThan(html.indexOf('</body>'));
  });

  it("links the remote's stylesheets in the head, after the shell's", () => {
    const html = composeVisitorPage(SHELL_HTML, { html: '<h1>Hello</h1>', stylesheets: ['/remotes/mfe-content/97.abc.css'] })!;
    const link = '<link rel="stylesheet" href="/remotes/mfe-content/97.abc.css">';
    expect(html).toContain(link);
    expect(html.indexOf('/main.0123456789abcdef.css')).toBeLessThan(html.indexOf(link));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps `$` patterns of the page as written', () => {
    expect(composeVisitorPage(SHELL_HTML, { html: "<p>$& and $' cost $5</p>" })).toContain("<p>$& and $' cost $5</p>");
  });

  it('declines a shell page without the app root or scripts (the app is then served as usual)', () => {
    expect(composeVisitorPage(SHELL_HTML.replace('<div id="root"></div>', ''), { html: '<h1>Hello</h1>' })).toBeNull();
    expect(composeVisitorPage(SHELL_HTML.replace('<script defer src="/main.js"></script>', ''), { html: '<h1>Hello</h1>' })).toBeNull();
  });
});

describe(PrerenderedPages.name, () => {
  function webRoot(apps: Record<string, { index: unknown; files?: Record<string, string> }>): string {
    const root = mkdtempSync(join(tmpdir(), 'prerendered-'));
    for (const [folder, { index, files = {} }] of Object.entries(apps)) {
      const directory = join(root, folder, 'dist/prerendered');
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, 'pages.json'), typeof index === 'string' ? index : JSON.stringify(index));
      for (const [name, html] of Object.entries(files)) writeFileSync(join(directory, name), html);
    }
    return root;
  }

  const content = {
    index: [
      { path: '/', kind: 'page', file: 'landing.html', script: 'static-samples.js', stylesheets: ['97.abc.css'] },
      { path: '/terms', kind: 'content', file: 'terms.html' },
    ],
    files: { 'landing.html': '<h1>Landing</h1>', 'terms.html': '<h1>Terms</h1>' },
  };
  const shell = { index: [{ path: '/terms', kind: 'layout', file: 'layout-terms.html' }], files: { 'layout-terms.html': `<header>Menu</header><main>${PRERENDERED_SLOT}</main>` } };

  it("shows a whole page where its remote mounts, with the remote's script", () => {
    const pages = new PrerenderedPages(webRoot({ 'mfe-content': content, shell }), new Set());
    expect(pages.find('/')).toEqual({
      html: '<div data-remote="mfe_content" class="contents"><h1>Landing</h1></div>',
      script: '/remotes/mfe-content/static-samples.js',
      stylesheets: ['/remotes/mfe-content/97.abc.css'],
    });
  });

  it("puts a remote's content into the shell's layout for the same path, trailing slash or not", () => {
    const pages = new PrerenderedPages(webRoot({ 'mfe-content': content, shell }), new Set());
    expect(pages.find('/terms/')?.html).toBe('<header>Menu</header><main><div data-remote="mfe_content" class="contents"><h1>Terms</h1></div></main>');
    expect(pages.find('/blog')).toBeUndefined();
  });

  it('serves no static page for content without a layout, a remote served from elsewhere, a file outside the folder or a broken index', () => {
    expect(new PrerenderedPages(webRoot({ 'mfe-content': content }), new Set()).find('/terms')).toBeUndefined();
    expect(new PrerenderedPages(webRoot({ 'mfe-content': content, shell }), new Set(['mfe_content'])).find('/')).toBeUndefined();
    const escaping = { index: [{ path: '/', kind: 'page', file: '../../secret.html' }] };
    expect(new PrerenderedPages(webRoot({ 'mfe-content': escaping }), new Set()).find('/')).toBeUndefined();
    const escapingStyles = { index: [{ path: '/', kind: 'page', file: 'landing.html', stylesheets: ['../../secret.css'] }], files: content.files };
    expect(new PrerenderedPages(webRoot({ 'mfe-content': escapingStyles }), new Set()).find('/')).toBeUndefined();
    expect(new PrerenderedPages(webRoot({ 'mfe-content': { index: '{not json' } }), new Set()).find('/')).toBeUndefined();
  });
});

describe('PrerenderedPages with data pages', () => {
  // A render module as the content remote's build keeps it: renders the page from its data, and counts its renders.
  const RENDER_MODULE = `let renders = 0;
exports.renders = () => renders;
exports.renderDataPage = (page) => {
  renders++;
  if (page.route === '/user-influencers' && page.items.length === 0) throw new Error('broken');
  return page.route === '/blog/:slug' ? '<h1>' + page.post.title + '</h1>' : '<h1>Gallery</h1>' + page.items.map((item) => '<img alt="' + item.name + '">').join('');
};`;

  function webRoot(renderModule = RENDER_MODULE): string {
    const root = mkdtempSync(join(tmpdir(), 'prerendered-data-'));
    const content = join(root, 'mfe-content/dist/prerendered');
    const shell = join(root, 'shell/dist/prerendered');
    mkdirSync(content, { recursive: true });
    mkdirSync(shell, { recursive: true });
    const dataEntries = Object.values(DATA_PAGE_ROUTES).map((path) => ({ path, kind: 'data', file: 'render.cjs', stylesheets: ['97.abc.css'] }));
    writeFileSync(join(content, 'pages.json'), JSON.stringify(dataEntries));
    writeFileSync(join(content, 'render.cjs'), renderModule);
    writeFileSync(join(shell, 'pages.json'), JSON.stringify(Object.values(DATA_PAGE_ROUTES).map((path) => ({ path, kind: 'layout', file: `layout${path.replaceAll('/', '-').replaceAll(':', '')}.html` }))));
    for (const path of Object.values(DATA_PAGE_ROUTES)) writeFileSync(join(shell, `layout${path.replaceAll('/', '-').replaceAll(':', '')}.html`), `<main data-layout="${path}">${PRERENDERED_SLOT}</main>`);
    return root;
  }

  const post = (title: string): DataPage => ({
    route: DATA_PAGE_ROUTES.post,
    location: '/blog/hello',
    post: { id: 1, title, slug: 'hello', excerpt: '', body: '', featuredImage: null, publishedAt: null, createdAt: '2026-01-01T00:00:00Z', author: null },
  });

  it("renders a data page with its data where its remote mounts, in the shell's layout for its route, with the remote's stylesheets", () => {
    const pages = new PrerenderedPages(webRoot(), new Set());
    expect(pages.rendersData(DATA_PAGE_ROUTES.post)).toBe(true);
    expect(pages.rendersData('/pricing')).toBe(false);
    expect(pages.renderData(post('Hello'))).toEqual({
      html: '<main data-layout="/blog/:slug"><div data-remote="mfe_content" class="contents"><h1>Hello</h1></div></main>',
      stylesheets: ['/remotes/mfe-content/97.abc.css'],
    });
  });

  it('renders the same data once, and changed data again', () => {
    const root = webRoot();
    const pages = new PrerenderedPages(root, new Set());
    // The module instance the gateway loaded (Node's own module cache, not Jest's).
    const renders = () => (createRequire(__filename)(join(root, 'mfe-content/dist/prerendered/render.cjs')) as { renders(): number }).renders();
    pages.renderData(post('Hello'));
    pages.renderData(post('Hello'));
    expect(renders()).toBe(1);
    expect(pages.renderData(post('Hello again'))?.html).toContain('<h1>Hello again</h1>');
    expect(renders()).toBe(2);
  });

  it('renders nothing (the app is served) when rendering fails, the module is not one, or the remote is served from elsewhere', () => {
    const pages = new PrerenderedPages(webRoot(), new Set());
    expect(pages.renderData({ route: DATA_PAGE_ROUTES.gallery, location: '/user-influencers', items: [] })).toBeUndefined();
    expect(new PrerenderedPages(webRoot('exports.somethingElse = 1;'), new Set()).renderData(post('Hello'))).toBeUndefined();
    expect(new PrerenderedPages(webRoot(), new Set(['mfe_content'])).renderData(post('Hello'))).toBeUndefined();
    expect(new PrerenderedPages(webRoot(), new Set(['mfe_content'])).rendersData(DATA_PAGE_ROUTES.post)).toBe(false);
  });

  it('renders nothing for a remote with a released version live: its markup is the local build\'s', () => {
    const pages = new PrerenderedPages(webRoot(), new Set());
    expect(pages.rendersData(DATA_PAGE_ROUTES.post, new Set(['mfe_content']))).toBe(false);
    expect(pages.renderData(post('Hello'), new Set(['mfe_content']))).toBeUndefined();
    expect(pages.renderData(post('Hello'), new Set(['mfe_wizard']))?.html).toContain('<h1>Hello</h1>');
  });
});
