import { Page } from '@lipcast/ui';
import { useAccount } from '@lipcast/web-kit';
import { useSubscriptionSyncOnSignIn } from '../account/subscription-sync';
import { Waiting } from '../common/Waiting';
import { AccountCard } from '../profile/AccountCard';
import { ApiKeys } from '../profile/ApiKeys';
import { DailyPreviewsBox } from '../profile/DailyPreviewsBox';
import { EmailPreferences } from '../profile/EmailPreferences';
import { GenerationHistory } from '../profile/GenerationHistory';
import { SubscriptionBox } from '../profile/SubscriptionBox';
import { Webhooks } from '../profile/Webhooks';
import { YourData } from '../profile/YourData';
import '../styles.css';

/** "Your Profile": who you are, your plan and your generations. The shell asks visitors to sign in first. */
export default function Profile() {
  const { user, isSignedIn } = useAccount();
  // A failed sync leaves the plan as last known; the page stays usable, so nothing is shown.
  useSubscriptionSyncOnSignIn(isSignedIn);

  return (
    <Page title="Your Profile" description="Your account, your plan and the videos you have made.">
      {user ? (
        <>
          <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
            <AccountCard user={user} />
            <SubscriptionBox user={user} />
          </div>
          <DailyPreviewsBox user={user} />
          <GenerationHistory />
          <EmailPreferences />
          <ApiKeys />
          <Webhooks />
          <YourData />
        </>
      ) : (
        <Waiting text="Loading..." />
      )}
    </Page>
  );
}
