import { Page } from '@lipcast/ui';
import '../styles.css';

export default function Wizard() {
  return <Page title="Select Your Actor" description="Choose a digital actor that will be animated with your custom audio." />;
}
