import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Pricing() {
  return <Page title="Pricing" description="Free: 3 generations. Premium: 60 generations a month. Extra packs of 15." />;
}
