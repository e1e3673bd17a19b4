import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Subscribe() {
  return <Page title="Subscribe to Premium" description="60 generations every month." />;
}
