const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  name: 'mfe_billing',
  devPort: 4203,
  exposes: {
    './Subscribe': './src/pages/Subscribe.tsx',
    './AdditionalGenerations': './src/pages/AdditionalGenerations.tsx',
    './PaymentSuccess': './src/pages/PaymentSuccess.tsx',
    './PaymentCancel': './src/pages/PaymentCancel.tsx',
    './SubscriptionSuccess': './src/pages/SubscriptionSuccess.tsx',
    './Pricing': './src/pages/Pricing.tsx',
    './Profile': './src/pages/Profile.tsx',
    './TestPaymentWall': './src/pages/TestPaymentWall.tsx',
    // Not pages: the shell mounts the paywall once; generator screens show the upgrade panel.
    './Paywall': './src/paywall/PaywallHost.tsx',
    './UpgradePanel': './src/plans/UpgradePanel.tsx',
  },
});
