import { Page } from '@lipcast/ui';
import '../styles.css';

export default function PitchDeck() {
  return <Page title="Lipcast Pitch Deck" />;
}
