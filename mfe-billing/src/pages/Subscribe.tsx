import { CheckoutPage } from '../checkout/CheckoutPage';
import '../styles.css';

export default function Subscribe() {
  return <CheckoutPage purchase="subscription" title="Subscribe to Premium" description="60 generations every month." />;
}
