import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Page, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@lipcast/ui';
import { isAdmin, useAccount } from '@lipcast/web-kit';
import { AuditTab } from '../tabs/AuditTab';
import { GalleryTab } from '../tabs/GalleryTab';
import { JobsTab } from '../tabs/JobsTab';
import { NewsletterTab } from '../tabs/NewsletterTab';
import { PostsTab } from '../tabs/PostsTab';
import { QueueTab } from '../tabs/QueueTab';
import { UsersTab } from '../tabs/UsersTab';
import '../styles.css';

export const ADMIN_TABS = [
  { value: 'queue', label: 'Queue' },
  { value: 'jobs', label: 'Jobs' },
  { value: 'users', label: 'Users' },
  { value: 'posts', label: 'Posts' },
  { value: 'gallery', label: 'Gallery' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'audit', label: 'Audit log' },
] as const;
type TabName = (typeof ADMIN_TABS)[number]['value'];
const isTab = (value: string | null): value is TabName => ADMIN_TABS.some((tab) => tab.value === value);

export const NO_ACCESS_TITLE = 'You do not have access';

/** What a signed-in user without the admin role sees at `/admin` (the API answers them 403 as well). */
export function NoAccess() {
  return <Page title={NO_ACCESS_TITLE} description="The operator console is for Lipcast's operators. If you should have access, ask to be added to the operators' group." />;
}

/**
 * The operator console (issue 19): one page at `/admin` whose tab is in the address (`?tab=jobs`),
 * so a view can be shared and survives a reload.
 */
export default function Admin() {
  const { user, isLoading } = useAccount();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'queue';
  // The account the Users tab shows, and the job a refund from the Jobs tab is for.
  const [selection, setSelection] = useState<{ userId: string; jobId?: string } | null>(null);
  const openTab = (next: string) => setSearchParams(next === 'queue' ? {} : { tab: next });

  if (isLoading) return <Spinner label="Loading your account..." className="m-8" />;
  if (!isAdmin(user)) return <NoAccess />;
  const panels: Record<TabName, ReactNode> = {
    queue: <QueueTab />,
    jobs: (
      <JobsTab
        onRefund={(userId, jobId) => {
          setSelection({ userId, jobId });
          openTab('users');
        }}
      />
    ),
    users: <UsersTab selection={selection} onSelect={(userId) => setSelection({ userId })} />,
    posts: <PostsTab />,
    gallery: <GalleryTab />,
    newsletter: <NewsletterTab />,
    audit: <AuditTab />,
  };

  return (
    <Page title="Operator console" description="The generation queue, jobs, accounts and credits, blog posts, gallery moderation and the newsletter. Every action is written to the audit log.">
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList aria-label="Console sections" className="h-auto flex-wrap">
          {ADMIN_TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {panels[item.value]}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
