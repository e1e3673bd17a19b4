import { Page } from '@lipcast/ui';
import { RetryActions } from '../common/page-actions';
import '../styles.css';

export default function PaymentCancel() {
  return (
    <Page title="Payment Cancelled" description="Your payment was cancelled and nothing was charged.">
      <RetryActions tryAgainTo="/subscribe" />
    </Page>
  );
}
