import { useSearchParams } from 'react-router-dom';
import { Page } from '@lipcast/ui';
import { useAccount } from '@lipcast/web-kit';
import { useRecheckAccountOnLanding } from '../account/recheck-account';
import { NextSteps, RetryActions } from '../common/page-actions';
import '../styles.css';

/**
 * Where hosted checkout (`?session_id=`) and the embedded form (`?redirect_status=`) return. The
 * credits come by webhook, so the page re-checks the account for a few seconds until they show.
 */
export default function PaymentSuccess() {
  const [params] = useSearchParams();
  // Keeps the user loaded (and observed) while the account is re-checked.
  useAccount();
  useRecheckAccountOnLanding();

  if (params.get('redirect_status') === 'failed') {
    return (
      <Page title="Payment Failed" description="Your payment could not be completed and nothing was charged.">
        <RetryActions tryAgainTo="/pricing" />
      </Page>
    );
  }
  return (
    <Page
      title="Payment Successful"
      description="Thank you: your purchase is confirmed. Your new generations appear in your account in a moment."
    >
      <NextSteps />
    </Page>
  );
}
