const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  name: 'mfe_influencer',
  devPort: 4202,
  exposes: {
    './Creator': './src/pages/Creator.tsx',
    './OneShot': './src/pages/OneShot.tsx',
  },
});
