// Build time, in Node: the shell's header and footer around each public page a remote prerenders
// as `content` or `data` (tools/webpack/prerender.cjs; the gateway puts the remote's page in the slot).
import { ROUTES } from '@lipcast/contracts';
import { PrerenderedSlot, renderForVisitor, type PrerenderedPage } from '@lipcast/web-kit/prerender';
import { Layout } from './chrome/Layout';

/**
 * Public pages shown in the layout (the landing page at `/` brings its own). A route with
 * parameters (`/blog/:slug`) gets one layout under its pattern, rendered at a path it matches:
 * the header marks the same section for every such path.
 */
const LAYOUT_ROUTES = ROUTES.filter((route) => !route.requiresAuth && route.path !== '/' && 'remote' in route.owner).map((route) => route.path);

const samplePathOf = (pattern: string) => pattern.replace(/:\w+/g, 'page');

export function renderPages(): PrerenderedPage[] {
  return LAYOUT_ROUTES.map((path) => ({
    path,
    kind: 'layout',
    name: `layout${path.replaceAll('/', '-').replaceAll(':', '')}`,
    html: renderForVisitor(
      samplePathOf(path),
      <Layout>
        <PrerenderedSlot />
      </Layout>,
    ),
  }));
}
