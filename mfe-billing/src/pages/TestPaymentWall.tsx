import { useState } from 'react';
import { Button, Page } from '@lipcast/ui';
import { requestPayment, type PaymentRequest } from '@lipcast/web-kit';
import UpgradePanel from '../plans/UpgradePanel';
import '../styles.css';

const FREE_LIMIT: PaymentRequest = { limit: 3, requiresAdditionalOnly: false };
const SUBSCRIBER_LIMIT: PaymentRequest = { limit: 60, requiresAdditionalOnly: true };

/** A test page: opens the global paywall the way a 402 answer does, and shows the upgrade panel. */
export default function TestPaymentWall() {
  const [panel, setPanel] = useState<PaymentRequest | null>(null);
  return (
    <Page title="Payment Wall Test" description="Opens the paywall and the upgrade panel as the app does when generations run out.">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => requestPayment(FREE_LIMIT)}>Open the paywall (free limit of 3)</Button>
        <Button variant="outline" onClick={() => requestPayment(SUBSCRIBER_LIMIT)}>
          Open the paywall for a subscriber (extra pack only)
        </Button>
        <Button variant="secondary" onClick={() => setPanel(FREE_LIMIT)}>
          Show the upgrade panel
        </Button>
        <Button variant="secondary" onClick={() => setPanel(SUBSCRIBER_LIMIT)}>
          Show the upgrade panel for a subscriber
        </Button>
      </div>
      {panel && (
        <div className="mt-8">
          <UpgradePanel {...panel} />
        </div>
      )}
    </Page>
  );
}
