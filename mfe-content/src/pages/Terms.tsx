import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Terms() {
  return <Page title="Terms of Service" />;
}
