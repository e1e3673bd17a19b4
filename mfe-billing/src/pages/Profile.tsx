import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Profile() {
  return <Page title="Your Profile" />;
}
