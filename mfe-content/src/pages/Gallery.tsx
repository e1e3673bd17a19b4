import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Gallery() {
  return <Page title="User Generated Influencers" />;
}
