import { Page } from '@lipcast/ui';
import '../styles.css';

export default function PaymentSuccess() {
  return <Page title="Payment Successful" description="Thank you: your purchase is confirmed." />;
}
