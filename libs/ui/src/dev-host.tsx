import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@lipcast/web-kit';
import { Toaster } from './toaster';

/**
 * The thin local host a remote runs in alone (`npm run dev -w <remote>`): its own pages at their
 * product paths, the query client and toasts, and no shell. In the product the shell hosts them.
 */
export function renderDevHost(remoteName: string, pages: Record<string, ComponentType>): void {
  const queryClient = createQueryClient();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <nav aria-label="Pages of this remote" className="flex gap-3 border-b bg-slate-50 px-4 py-2 text-sm">
            <strong>{remoteName}</strong>
            {Object.keys(pages).map((path) => (
              <Link key={path} to={path} className="text-brand-700 hover:underline">
                {path}
              </Link>
            ))}
          </nav>
          <Routes>
            {Object.entries(pages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Routes>
          <Toaster />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
