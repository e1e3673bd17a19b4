// One webpack configuration for the shell and every remote (React 19, swc, Tailwind v4, Module
// Federation). An app's webpack.config.cjs names itself and what it exposes; the rest lives here.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { scopeRemoteCss } = require('./scope-remote-css.cjs');

const root = path.resolve(__dirname, '../..');
const rootPackage = require(path.join(root, 'package.json'));
const LIBS = ['contracts', 'web-kit', 'ui'];

/** The only shared modules: one React, one router, one query client and one web-kit across apps. */
function sharedSingletons() {
  const fromRoot = (name) => ({ singleton: true, requiredVersion: rootPackage.dependencies[name] });
  return {
    react: fromRoot('react'),
    'react-dom': fromRoot('react-dom'),
    'react-router-dom': fromRoot('react-router-dom'),
    '@tanstack/react-query': fromRoot('@tanstack/react-query'),
    '@lipcast/web-kit': { singleton: true, requiredVersion: false, version: '0.1.0' },
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

/**
 * @param {object} options
 * @param {string} options.appDir the app's folder
 * @param {string} options.name federation container name (`shell`, `mfe_wizard`, ...)
 * @param {Record<string, string>} [options.exposes] remote modules (`./Wizard` → file)
 * @param {number} options.devPort port of `npm run dev`
 */
function createConfig({ appDir, name, exposes, devPort }) {
  const isHost = !exposes;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
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
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        alias: Object.fromEntries(
          LIBS.flatMap((lib) => [
            [`@lipcast/${lib}$`, path.join(root, `libs/${lib}/src/index.ts`)],
            [`@lipcast/${lib}/styles.css`, path.join(root, `libs/${lib}/src/styles.css`)],
          ]),
        ),
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
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
  };
}

module.exports = { createConfig };
