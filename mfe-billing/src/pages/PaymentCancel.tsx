import { Link } from 'react-router-dom';
import { Button, Page } from '@lipcast/ui';
import '../styles.css';

export default function PaymentCancel() {
  return (
    <Page title="Payment Cancelled" description="Your payment was cancelled and nothing was charged.">
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to="/">Return to App</Link>
        </Button>
        <Button asChild>
          <Link to="/subscribe">Try Again</Link>
        </Button>
      </div>
    </Page>
  );
}
