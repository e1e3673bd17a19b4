const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  name: 'mfe_content',
  devPort: 4204,
  exposes: {
    './Landing': './src/pages/Landing.tsx',
    './Gallery': './src/pages/Gallery.tsx',
    './Blog': './src/pages/Blog.tsx',
    './Terms': './src/pages/Terms.tsx',
    './Privacy': './src/pages/Privacy.tsx',
    './PitchDeck': './src/pages/PitchDeck.tsx',
    // For pages of other remotes; the landing page in this remote imports it directly.
    './NewsletterForm': './src/newsletter/NewsletterForm.tsx',
  },
  // The landing page, rendered at build time for visitors, and the script that fills its sample
  // videos; the blog, its posts and the gallery are rendered by the same module in the gateway, on request.
  prerender: './src/prerender.tsx',
  staticScripts: { 'static-samples': './src/landing/static-samples.ts' },
});
