import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Privacy() {
  return <Page title="Privacy Policy" />;
}
