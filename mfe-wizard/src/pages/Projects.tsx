import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Projects() {
  return <Page title="Your Projects" description="Manage your generated videos." />;
}
