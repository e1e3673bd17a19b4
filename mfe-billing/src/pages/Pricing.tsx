import { Page } from '@lipcast/ui';
import { PlanOffers } from '../plans/PlanOffers';
import '../styles.css';

export default function Pricing() {
  return (
    <Page title="Pricing" description="Start free with 3 generations. Go Premium for 60 generations every month, or add a pack of extra generations whenever you need more.">
      <PlanOffers />
    </Page>
  );
}
