// Runs this remote alone for development; in the product the shell loads its pages.
import { renderDevHost } from '@lipcast/ui';
import Landing from './pages/Landing';
import Gallery from './pages/Gallery';
import Blog from './pages/Blog';
import Terms from './pages/Terms';
import Privacy from './pages/Privacy';
import PitchDeck from './pages/PitchDeck';
import './styles.css';

renderDevHost('mfe-content', {
  '/': Landing,
  '/user-influencers': Gallery,
  '/blog': Blog,
  '/terms': Terms,
  '/privacy': Privacy,
  '/pitch-deck': PitchDeck,
});
