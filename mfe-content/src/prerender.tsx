// In Node: the pages this remote prerenders for visitors. `renderPages()` runs at build time
// (tools/webpack/prerender.cjs); `renderDataPage()` runs in the gateway on request, with the data
// the app would fetch for the page (gateway/src/web/data-pages.ts).
import { Route, Routes } from 'react-router-dom';
import { DATA_PAGE_ROUTES, type DataPage } from '@lipcast/contracts';
import { renderForVisitor, type PrerenderedPage } from '@lipcast/web-kit/prerender';
import { POSTS_QUERY_KEY } from './blog/blog-posts';
import { postQueryKey } from './blog/PostView';
import { GALLERY_QUERY_KEY } from './gallery/gallery';
import Blog from './pages/Blog';
import Gallery from './pages/Gallery';
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

/** The routes `renderDataPage` renders (a `data` entry each in pages.json). */
export const dataPageRoutes: string[] = Object.values(DATA_PAGE_ROUTES);

/** A data page as the app shows it once its data has arrived: the same components, the data already in the query cache. */
export function renderDataPage(page: DataPage): string {
  switch (page.route) {
    case DATA_PAGE_ROUTES.blog:
      return renderForVisitor(page.location, <Blog />, [[POSTS_QUERY_KEY, page.posts]]);
    case DATA_PAGE_ROUTES.post:
      // Under its route, as the shell mounts it, so the page reads the slug from the path.
      return renderForVisitor(
        page.location,
        <Routes>
          <Route path={DATA_PAGE_ROUTES.post} element={<Blog />} />
        </Routes>,
        [[postQueryKey(page.post.slug), page.post]],
      );
    case DATA_PAGE_ROUTES.gallery:
      return renderForVisitor(page.location, <Gallery />, [[GALLERY_QUERY_KEY, page.items]]);
  }
}
