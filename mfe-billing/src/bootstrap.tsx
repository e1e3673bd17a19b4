// Runs this remote alone for development; in the product the shell loads its pages.
import { renderDevHost } from '@lipcast/ui';
import Subscribe from './pages/Subscribe';
import AdditionalGenerations from './pages/AdditionalGenerations';
import PaymentSuccess from './pages/PaymentSuccess';
import PaymentCancel from './pages/PaymentCancel';
import SubscriptionSuccess from './pages/SubscriptionSuccess';
import Pricing from './pages/Pricing';
import Profile from './pages/Profile';
import TestPaymentWall from './pages/TestPaymentWall';
import PaywallHost from './paywall/PaywallHost';
import './styles.css';

renderDevHost('mfe-billing', {
  '/subscribe': Subscribe,
  '/additional-generations': AdditionalGenerations,
  '/payment-success': PaymentSuccess,
  '/payment-cancel': PaymentCancel,
  '/subscription-success': SubscriptionSuccess,
  '/pricing': Pricing,
  '/profile': Profile,
  // The shell mounts the paywall globally; alone, the test page brings its own.
  '/test-payment-wall': () => (
    <PaywallHost>
      <TestPaymentWall />
    </PaywallHost>
  ),
});
