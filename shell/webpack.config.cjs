const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({ appDir: __dirname, name: 'shell', devPort: 4200 });
