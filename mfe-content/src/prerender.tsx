// Build time, in Node: the pages this remote prerenders for visitors (tools/webpack/prerender.cjs).
import { renderForVisitor, type PrerenderedPage } from '@lipcast/web-kit/prerender';
import Landing from './pages/Landing';
import Privacy from './pages/Privacy';
import Terms from './pages/Terms';

export function renderPages(): PrerenderedPage[] {
  return [
    { path: '/', kind: 'page', name: 'landing', html: renderForVisitor('/', <Landing />), script: 'static-samples.js' },
    { path: '/terms', kind: 'content', name: 'terms', html: renderForVisitor('/terms', <Terms />) },
    { path: '/privacy', kind: 'content', name: 'privacy', html: renderForVisitor('/privacy', <Privacy />) },
  ];
}
