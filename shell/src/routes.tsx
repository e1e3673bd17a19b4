import type { ReactNode } from 'react';
import { LANDING, ROUTES, type RouteEntry } from '@lipcast/contracts';
import { useAccount } from '@lipcast/web-kit';
import { Layout } from './chrome/Layout';
import { AuthPage } from './pages/AuthPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { LOADING_TEXT, RemotePage } from './RemotePage';
import { RequireAuth } from './RequireAuth';

/** `/`: the landing page (its own header and footer) for visitors, the wizard for signed-in users. */
function Home({ wizard }: { wizard: ReactNode }) {
  const { isSignedIn, isLoading } = useAccount();
  if (isLoading) return <p className="p-8 text-center text-slate-500">{LOADING_TEXT}</p>;
  if (!isSignedIn) return <RemotePage remote={LANDING.remote} module={LANDING.module} />;
  return <Layout>{wizard}</Layout>;
}

function routeElement(route: RouteEntry): ReactNode {
  if ('shell' in route.owner) return <Layout><AuthPage /></Layout>;
  // Keyed by path: a remote that failed on one route must not leave its error on the next one.
  const page = <RemotePage key={route.path} remote={route.owner.remote} module={route.owner.module} />;
  if (route.path === '/') return <Home wizard={page} />;
  return <Layout>{route.requiresAuth ? <RequireAuth>{page}</RequireAuth> : page}</Layout>;
}

/** The shell's router table: every path of the contracts' route table, then the 404 fallback. */
export function shellRoutes(): { path: string; element: ReactNode }[] {
  return [
    ...ROUTES.map((route) => ({ path: route.path, element: routeElement(route) })),
    { path: '*', element: <Layout><NotFoundPage /></Layout> },
  ];
}
