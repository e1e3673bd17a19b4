// Runs this remote alone for development; in the product the shell loads its pages.
import { renderDevHost } from '@lipcast/ui';
import Creator from './pages/Creator';
import OneShot from './pages/OneShot';
import './styles.css';

renderDevHost('mfe-influencer', {
  '/ai-influencer': Creator,
  '/ai-influencer-pipeline': OneShot,
});
