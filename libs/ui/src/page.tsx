import type { ReactNode } from 'react';
import { cn } from './cn';

/** A page's frame: its one h1, an optional lead paragraph, and its content. */
export function Page({ title, description, className, children }: { title: string; description?: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <section className={cn('mx-auto w-full max-w-7xl px-4 py-10', className)}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="mt-2 max-w-2xl text-slate-600">{description}</p>}
      {children && <div className="mt-8">{children}</div>}
    </section>
  );
}
