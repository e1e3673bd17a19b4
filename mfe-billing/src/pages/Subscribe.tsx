import { PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';
import { CheckoutPage } from '../checkout/CheckoutPage';
import '../styles.css';

export default function Subscribe() {
  return <CheckoutPage purchase="subscription" title="Subscribe to Premium" description={`${PREMIUM_GENERATIONS_PER_PERIOD} generations every month.`} />;
}
