import { EXTRA_PACK_GENERATIONS } from '@lipcast/contracts';
import { CheckoutPage } from '../checkout/CheckoutPage';
import '../styles.css';

export default function AdditionalGenerations() {
  return <CheckoutPage purchase="pack" title="Buy More Generations" description={`Add a pack of ${EXTRA_PACK_GENERATIONS} generations that never expire.`} />;
}
