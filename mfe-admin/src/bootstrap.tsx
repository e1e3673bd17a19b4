// Runs this remote alone for development; in the product the shell loads its pages.
import { renderDevHost } from '@lipcast/ui';
import Admin from './pages/Admin';
import './styles.css';

renderDevHost('mfe-admin', { '/admin': Admin });
