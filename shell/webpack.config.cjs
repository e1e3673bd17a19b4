const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  name: 'shell',
  devPort: 4200,
  // Starts the app on a prerendered page when the visitor first interacts (gateway/src/web/prerendered-pages.ts).
  staticScripts: { 'visitor-boot': './src/visitor/boot-on-interaction.ts' },
  // The header and footer around the remotes' prerendered pages.
  prerender: './src/prerender.tsx',
});
