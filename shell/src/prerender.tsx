// Build time, in Node: the shell's header and footer around each public page a remote prerenders
// as `content` (tools/webpack/prerender.cjs; the gateway puts the remote's fragment in the slot).
import { ROUTES } from '@lipcast/contracts';
import { PrerenderedSlot, renderForVisitor, type PrerenderedPage } from '@lipcast/web-kit/prerender';
import { Layout } from './chrome/Layout';

/** Public pages of a single path, shown in the layout (the landing page at `/` brings its own). */
const LAYOUT_PATHS = ROUTES.filter((route) => !route.requiresAuth && route.path !== '/' && !route.path.includes(':') && 'remote' in route.owner).map((route) => route.path);

export function renderPages(): PrerenderedPage[] {
  return LAYOUT_PATHS.map((path) => ({
    path,
    kind: 'layout',
    name: `layout${path.replaceAll('/', '-')}`,
    html: renderForVisitor(
      path,
      <Layout>
        <PrerenderedSlot />
      </Layout>,
    ),
  }));
}
