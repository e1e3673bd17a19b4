// Runs this remote alone for development; in the product the shell loads its pages.
import { renderDevHost } from '@lipcast/ui';
import Wizard from './pages/Wizard';
import Projects from './pages/Projects';
import Batches from './pages/Batches';
import './styles.css';

renderDevHost('mfe-wizard', {
  '/': Wizard,
  '/create': Wizard,
  '/projects': Projects,
  '/batches': Batches,
});
