import { Page } from '@lipcast/ui';
import '../styles.css';

export default function OneShot() {
  return <Page title="One Shot Influencer Video" description="From a description, a gender and a topic to a finished video in one run." />;
}
