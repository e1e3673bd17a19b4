import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LANDING, metaForPath } from '@lipcast/contracts';
import { preloadToaster, ToastOutlet } from '@lipcast/ui';
import { createQueryClient, seedSignedOutAccount, useAccount } from '@lipcast/web-kit';
import { afterFirstScreen } from './first-screen';
import { applyPageMeta } from './meta';
import { GlobalPaywall } from './paywall/GlobalPaywall';
import { shellRoutes } from './routes';

const queryClient = createQueryClient();
seedSignedOutAccount(queryClient);
const routes = shellRoutes();

/** Keeps the document's title and tags in step with the page (the landing page at `/` for visitors). */
export function PageMeta() {
  const { pathname } = useLocation();
  const { isSignedIn, isLoading } = useAccount();
  useEffect(() => {
    applyPageMeta(pathname === '/' && !isSignedIn && !isLoading ? LANDING.meta : metaForPath(pathname));
  }, [pathname, isSignedIn, isLoading]);
  return null;
}

export function AppRoutes() {
  return (
    <Routes>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>
  );
}

export function App() {
  // The toaster's code comes with the first toast, or ahead of it once the first page is in use (afterFirstScreen).
  useEffect(() => afterFirstScreen(() => void preloadToaster()), []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PageMeta />
        <AppRoutes />
        <GlobalPaywall />
        <ToastOutlet />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
