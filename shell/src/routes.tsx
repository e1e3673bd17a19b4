import { lazy, Suspense, type ReactNode } from 'react';
import { LANDING, ROUTES, type RouteEntry } from '@lipcast/contracts';
import { useAccount } from '@lipcast/web-kit';
import { Layout } from './chrome/Layout';
import { LOADING_TEXT, RemotePage } from './RemotePage';
import { RequireAuth } from './RequireAuth';

// The login and 404 pages are the shell's own, and never the signed-in first screen: they load when shown.
const AuthPage = lazy(() => import(/* webpackChunkName: "auth-page" */ './pages/AuthPage').then((module) => ({ default: module.AuthPage })));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found-page" */ './pages/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

function ShellPage({ children }: { children: ReactNode }) {
  return (
    <Layout>
      <Suspense fallback={<p className="p-8 text-center text-slate-500">{LOADING_TEXT}</p>}>{children}</Suspense>
    </Layout>
  );
}

/** `/`: the landing page (its own header and footer) for visitors, the wizard for signed-in users. */
function Home({ wizard }: { wizard: ReactNode }) {
  const { isSignedIn, isLoading } = useAccount();
  if (isLoading) return <p className="p-8 text-center text-slate-500">{LOADING_TEXT}</p>;
  if (!isSignedIn) return <RemotePage remote={LANDING.remote} module={LANDING.module} />;
  return <Layout>{wizard}</Layout>;
}

function routeElement(route: RouteEntry): ReactNode {
  if ('shell' in route.owner) return <ShellPage><AuthPage /></ShellPage>;
  // Keyed by path: a remote that failed on one route must not leave its error on the next one.
  const page = <RemotePage key={route.path} remote={route.owner.remote} module={route.owner.module} />;
  if (route.path === '/') return <Home wizard={page} />;
  return <Layout>{route.requiresAuth ? <RequireAuth>{page}</RequireAuth> : page}</Layout>;
}

/** The shell's router table: every path of the contracts' route table, then the 404 fallback. */
export function shellRoutes(): { path: string; element: ReactNode }[] {
  return [
    ...ROUTES.map((route) => ({ path: route.path, element: routeElement(route) })),
    { path: '*', element: <ShellPage><NotFoundPage /></ShellPage> },
  ];
}
