import { CheckoutPage } from '../checkout/CheckoutPage';
import '../styles.css';

export default function AdditionalGenerations() {
  return <CheckoutPage purchase="pack" title="Buy More Generations" description="Add a pack of 15 generations that never expire." />;
}
