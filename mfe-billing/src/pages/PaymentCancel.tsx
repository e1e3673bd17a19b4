import { Page } from '@lipcast/ui';
import '../styles.css';

export default function PaymentCancel() {
  return <Page title="Payment Cancelled" description="Your payment was cancelled and nothing was charged." />;
}
