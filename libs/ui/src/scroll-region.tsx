import type { ReactNode } from 'react';
import { cn } from './cn';

export interface ScrollRegionProps {
  /** What the region holds, e.g. "Plan comparison": its accessible name. */
  label: string;
  /** A visible line on phones saying that the content scrolls sideways, e.g. "Swipe sideways to see every plan". */
  hint: string;
  className?: string;
  children: ReactNode;
}

/**
 * A box whose wide content (a table) scrolls sideways inside it on narrow screens, never the page. It is
 * a labelled region in the tab order, so keyboard users can scroll it with the arrow keys, and on phones
 * (below 640 px) a visible hint says there is more to the right.
 */
export function ScrollRegion({ label, hint, className, children }: ScrollRegionProps) {
  return (
    <div className={className}>
      <p className="mb-2 flex items-center justify-end gap-1 text-xs text-slate-500 sm:hidden">
        {hint}
        <span aria-hidden="true">→</span>
      </p>
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={cn(
          'overflow-x-auto rounded-xl border border-slate-200',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        )}
      >
        {children}
      </div>
    </div>
  );
}
