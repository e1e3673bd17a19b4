import { Page } from '@lipcast/ui';
import '../styles.css';

export default function TestPaymentWall() {
  return <Page title="Payment Wall Test" />;
}
