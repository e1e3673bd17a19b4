import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Creator() {
  return <Page title="AI Influencer Creator" description="Describe a person or upload a photo, then turn it into a speaking video." />;
}
