const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  name: 'mfe_admin',
  devPort: 4205,
  exposes: {
    './Admin': './src/pages/Admin.tsx',
  },
});
