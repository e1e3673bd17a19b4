// Build-time prerendering: an app's `renderPages()` module (libs/web-kit/src/prerender) is bundled
// for Node, run once, and the pages it returns are written as HTML fragments with a `pages.json`
// index. The gateway serves them to visitors inside the shell's page (gateway/src/web/prerendered-pages.ts).
// A module that also exports `renderDataPage()` (pages that show data) is kept as `render.cjs`:
// the gateway runs it on request with the data (gateway/src/web/data-pages.ts).
const fs = require('node:fs');
const path = require('node:path');

/** Beside the app's files, in its dist folder; the gateway reads `<app>/dist/prerendered/pages.json`. */
const PRERENDERED_FOLDER = 'prerendered';
const BUNDLE_FOLDER = '.render';
/** The kept render module, beside the fragments. */
const DATA_RENDER_FILE = 'render.cjs';

/**
 * A remote's stylesheets, from its federation manifest (the app build has written it by now): each
 * remote's classes are in its own stylesheet only, so its static pages link it. The shell (no
 * manifest) has none beyond its page's own.
 */
function appStylesheets(distDir) {
  const manifestPath = path.join(distDir, 'mf-manifest.json');
  if (!fs.existsSync(manifestPath)) return [];
  const { exposes } = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  return [...new Set(exposes.flatMap((exposed) => exposed.assets.css.sync))];
}

class WritePrerenderedPages {
  constructor(outputDir) {
    this.outputDir = outputDir;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('WritePrerenderedPages', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const bundle = path.join(this.outputDir, BUNDLE_FOLDER, 'render.cjs');
      delete require.cache[bundle];
      const renderModule = require(bundle);
      const pages = renderModule.renderPages ? await renderModule.renderPages() : [];
      const stylesheets = appStylesheets(path.dirname(this.outputDir));
      const withStylesheets = stylesheets.length ? { stylesheets } : {};
      const index = pages.map(({ path: pagePath, kind, name, html, script }) => {
        fs.writeFileSync(path.join(this.outputDir, `${name}.html`), html);
        return { path: pagePath, kind, file: `${name}.html`, ...(script ? { script } : {}), ...withStylesheets };
      });
      fs.rmSync(path.join(this.outputDir, DATA_RENDER_FILE), { force: true });
      if (typeof renderModule.renderDataPage === 'function') {
        // One file (the bundle has no chunks of its own), so it can be moved out on its own.
        fs.renameSync(bundle, path.join(this.outputDir, DATA_RENDER_FILE));
        for (const route of renderModule.dataPageRoutes ?? []) index.push({ path: route, kind: 'data', file: DATA_RENDER_FILE, ...withStylesheets });
      }
      fs.writeFileSync(path.join(this.outputDir, 'pages.json'), `${JSON.stringify(index, null, 2)}\n`);
      fs.rmSync(path.join(this.outputDir, BUNDLE_FOLDER), { recursive: true, force: true });
    });
  }
}

/**
 * The Node build of an app's prerender module. CSS imports become inert strings: the page links
 * the app's built stylesheets instead (`stylesheets` in pages.json).
 */
function prerenderConfig({ appDir, entry, rules, alias }) {
  const outputDir = path.join(appDir, 'dist', PRERENDERED_FOLDER);
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node',
    context: appDir,
    entry: { render: entry },
    devtool: false,
    output: { path: path.join(outputDir, BUNDLE_FOLDER), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    // Everything in the one file: the gateway loads it alone (DATA_RENDER_FILE).
    optimization: { minimize: false, splitChunks: false },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias },
    module: { rules: [...rules, { test: /\.css$/, type: 'asset/source' }] },
    plugins: [new WritePrerenderedPages(outputDir)],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { prerenderConfig };
