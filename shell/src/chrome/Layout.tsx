import type { ReactNode } from 'react';
import { MAIN_ID, SiteFooter, SkipLink } from '@lipcast/ui';
import { Header } from './Header';

/**
 * The page's main area is at least a screen tall, so the footer starts below the fold: a page that
 * grows as its remote and its data arrive pushes nothing visible down (no layout shift).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
