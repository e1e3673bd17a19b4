import { Page } from '@lipcast/ui';
import '../styles.css';

export default function AdditionalGenerations() {
  return <Page title="Buy More Generations" description="Add a pack of 15 generations that never expire." />;
}
