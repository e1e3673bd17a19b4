const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  name: 'mfe_wizard',
  devPort: 4201,
  exposes: {
    './Wizard': './src/pages/Wizard.tsx',
    './Projects': './src/pages/Projects.tsx',
    './Batches': './src/pages/Batches.tsx',
  },
});
