import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Blog() {
  return <Page title="Lipcast Blog" />;
}
