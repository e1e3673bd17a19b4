import { Page } from '@lipcast/ui';
import '../styles.css';

export default function SubscriptionSuccess() {
  return <Page title="Subscription Active!" description="Welcome to Premium." />;
}
