// One webpack configuration for the shell and every remote (React 19, swc, Tailwind v4, Module
// Federation). An app's webpack.config.cjs names itself and what it exposes; the rest lives here.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { scopeRemoteCss } = require('./scope-remote-css.cjs');
const { prerenderConfig } = require('./prerender.cjs');

const root = path.resolve(__dirname, '../..');
const LIBS = ['contracts', 'web-kit', 'ui'];

/**
 * The only shared modules: one React, one router, one query client and one web-kit across apps.
 * Each states the version this build brings (the installed one) and accepts any compatible one
 * (`^version`: a later minor or patch, not another major; for 0.x, not another minor). A remote's
 * mf-manifest.json carries both, and the shell refuses a remote whose range its own copy is outside
 * (shell/src/shared-skew.ts). Bump libs/web-kit's version when its exports change incompatibly.
 */
function sharedSingletons() {
  const singleton = (version) => ({ singleton: true, version, requiredVersion: `^${version}` });
  const installed = (name) => singleton(require(path.join(root, 'node_modules', name, 'package.json')).version);
  return {
    react: installed('react'),
    'react-dom': installed('react-dom'),
    // Its declarative API only (tools/webpack/react-router-dom.mjs), not the whole package.
    'react-router-dom': { ...installed('react-router-dom'), import: path.join(__dirname, 'react-router-dom.mjs') },
    // The hooks and classes the apps use (tools/webpack/react-query.mjs), not the whole package.
    '@tanstack/react-query': { ...installed('@tanstack/react-query'), import: path.join(__dirname, 'react-query.mjs') },
    '@lipcast/web-kit': singleton(require(path.join(root, 'libs/web-kit/package.json')).version),
  };
}

/** The version of each shared singleton this build provides (the shell's copies are the ones used). */
const sharedVersions = () => Object.fromEntries(Object.entries(sharedSingletons()).map(([name, { version }]) => [name, version]));

/** The packages behind the shared singletons (with the packages only they use), by folder under node_modules. */
const SHARED_PACKAGES = ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser', '@tanstack/react-query', '@tanstack/query-core'];
const SHARED_PACKAGE_PATH = new RegExp(`[\\\\/]node_modules[\\\\/](${SHARED_PACKAGES.join('|')})[\\\\/]`);

/**
 * The chunk each shared package's copy goes to: its own, except that a package used only by another
 * shares that one's (scheduler is react-dom's), and each entry file of ours (the declarative router,
 * the query hooks) goes with the package it exports, rather than into a chunk of a few hundred bytes.
 */
const SHARED_CHUNK_OF = { scheduler: 'react-dom', 'react-router-dom': 'react-router', cookie: 'react-router', 'set-cookie-parser': 'react-router', '@tanstack/query-core': '@tanstack/react-query' };
const SHARED_ENTRY_FILES = {
  [path.join(__dirname, 'react-router-dom.mjs')]: 'react-router',
  [path.join(__dirname, 'react-query.mjs')]: '@tanstack/react-query',
};
const sharedChunkName = (packageName) => `shared-${(SHARED_CHUNK_OF[packageName] ?? packageName).replace('/', '-').replace('@', '')}`;

/**
 * Each shared package's copy in a chunk of its own (`shared-<package>.<hash>.js`). Left to the
 * default vendor grouping, a remote's copy of react-dom landed in one chunk with Radix code the
 * remote does need (its dialogs, toasts), so opening one downloaded a second react-dom (53 KB) that
 * never ran: the shell's copy is the one used (`shareStrategy: 'loaded-first'`).
 */
function splitSharedPackages(isHost) {
  return {
    splitChunks: {
      cacheGroups: {
        sharedPackages: {
          // Not a remote's JSX runtime: it is not shared (each app bundles its own, a few hundred bytes),
          // so grouped with react's copy it would fetch that copy on every remote page. The shell's
          // goes with its react, which it always runs (left alone, it was two chunks, both fetched).
          test: (module) =>
            (SHARED_PACKAGE_PATH.test(module.resource ?? '') && (isHost || !/jsx-(dev-)?runtime/.test(module.resource))) || module.resource in SHARED_ENTRY_FILES,
          name: (module) => sharedChunkName(SHARED_ENTRY_FILES[module.resource] ?? module.resource.match(SHARED_PACKAGE_PATH)[1]),
          chunks: 'async',
          priority: 20,
          enforce: true,
        },
      },
    },
  };
}

/** Text assets worth compressing; the gateway serves `<file>.br` or `<file>.gz` to browsers that accept them. */
const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;

/** Brotli (best ratio, compressed once at build time) and gzip for the few clients without brotli. */
function precompressed() {
  const common = { test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, filename: '[path][base].br', algorithm: 'brotliCompress', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

/** The TypeScript and TSX loader every build uses. */
function swcRule(production) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        // Not the workspace's .swcrc (CommonJS, for Node): ES modules let webpack tree-shake the
        // libraries and give one copy of each package (a CommonJS `require` picks a package's other build).
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2022',
        },
      },
    },
  };
}

/** The workspace libraries, resolved from their sources. */
const libAliases = () => ({
  ...Object.fromEntries(
    LIBS.flatMap((lib) => [
      [`@lipcast/${lib}$`, path.join(root, `libs/${lib}/src/index.ts`)],
      [`@lipcast/${lib}/styles.css`, path.join(root, `libs/${lib}/src/styles.css`)],
    ]),
  ),
  // Build-time rendering helpers, for the prerender builds only.
  '@lipcast/web-kit/prerender$': path.join(root, 'libs/web-kit/src/prerender/index.tsx'),
});

/**
 * Small scripts for the prerendered pages (no React, no federation runtime): each is its own
 * entry with a stable name beside the app's files, served no-cache like the other entry files.
 */
function staticScriptsConfig(appDir, scripts) {
  return {
    name: 'static-scripts',
    mode: 'production',
    context: appDir,
    entry: scripts,
    devtool: 'source-map',
    output: { path: path.join(appDir, 'dist'), filename: '[name].js', clean: false },
    resolve: { extensions: ['.ts', '.js'], alias: libAliases() },
    module: { rules: [swcRule(true)] },
    plugins: precompressed(),
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir the app's folder
 * @param {string} options.name federation container name (`shell`, `mfe_wizard`, ...)
 * @param {Record<string, string>} [options.exposes] remote modules (`./Wizard` → file)
 * @param {number} options.devPort port of `npm run dev`
 * @param {Record<string, string>} [options.staticScripts] scripts for prerendered pages (name → file)
 * @param {string} [options.prerender] module whose `renderPages()` gives the pages to prerender for visitors
 */
function createConfig({ appDir, name, exposes, devPort, staticScripts, prerender }) {
  const isHost = !exposes;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const app = appConfig({ appDir, name, exposes, devPort, isHost, production });
    // The development server serves the app alone; prerendered pages are a production build's.
    if (!production || (!staticScripts && !prerender)) return app;
    return [
      app,
      ...(staticScripts ? [{ ...staticScriptsConfig(appDir, staticScripts), dependencies: ['app'] }] : []),
      ...(prerender ? [{ ...prerenderConfig({ appDir, entry: prerender, rules: [swcRule(true)], alias: libAliases() }), dependencies: ['app'] }] : []),
    ];
  };
}

/** The app itself: React, Tailwind and Module Federation, served to browsers. */
function appConfig({ appDir, name, exposes, devPort, isHost, production }) {
  return {
    name: 'app',
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell lives at `/`; a remote works from wherever it is served (`/remotes/<folder>/`, a CDN).
      publicPath: isHost ? '/' : 'auto',
      // Entry files keep stable names (the federation runtime cannot template hashes into them);
      // they are served with no-cache, every other chunk is content-hashed and cached for good.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
      uniqueName: name,
      // The other builds of the same app (static scripts, prerendered pages) write beside it afterwards.
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        ...libAliases(),
        // react-router's package maps browsers to its development build (warnings, checks); production builds take its production one.
        ...(production ? { 'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs') } : {}),
      },
    },
    optimization: splitSharedPackages(isHost),
    module: {
      rules: [
        swcRule(production),
        // libs/contracts is declarations only (constants, tables, functions; nothing runs on import),
        // so a build keeps just the modules it uses, each where it is used: the wizard's step 1 took all of
        // contracts (16 KB) for its API routes.
        { test: path.join(root, 'libs/contracts/src'), sideEffects: false },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            'css-loader',
            {
              loader: 'postcss-loader',
              options: { postcssOptions: { plugins: ['@tailwindcss/postcss', ...(isHost ? [] : [scopeRemoteCss(name)])] } },
            },
          ],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes,
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        // One federation runtime per page: the shell hands its own to the remotes
        // (share-federation-runtime.mjs), and a remote's production build uses it instead of bundling a
        // second copy in its remoteEntry.js. Such a build runs only inside the shell; `npm run dev`
        // (a development build) still runs a remote alone.
        // `target: 'web'` leaves out the runtime's Node.js script loading (about 1.5 KB as served).
        ...(isHost
          ? { runtimePlugins: [path.join(__dirname, 'share-federation-runtime.mjs')], experiments: { optimization: { target: 'web' } } }
          : { experiments: { externalRuntime: production, optimization: { target: 'web' } } }),
      }),
      new DefinePlugin({
        // Which remote this build is: libs/ui renders its pop-ups into that remote's portal host.
        __LIPCAST_REMOTE__: JSON.stringify(isHost ? '' : name),
        // The shell checks each remote's shared ranges against these before loading it (shell/src/shared-skew.ts).
        __LIPCAST_SHARED_VERSIONS__: JSON.stringify(sharedVersions()),
      }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), inject: 'body', scriptLoading: 'defer', minify: false }),
      ...(production ? precompressed() : []),
    ],
    // webpack 5.111 treats `.html` as a module type of its own unless told not to; it then minifies
    // the page template and drops the `<!--lipcast:head-->` marker the gateway writes metadata at.
    experiments: { html: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.LIPCAST_URL ?? 'http://localhost:3000' }],
    },
  };
}

module.exports = { createConfig };
