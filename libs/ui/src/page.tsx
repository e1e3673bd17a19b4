import type { ReactNode, Ref } from 'react';
import { cn } from './cn';

/**
 * A page's frame: its one h1, an optional lead paragraph, and its content. With `headingRef` the h1
 * can take the focus (a page whose content changes in place, like the wizard's steps, moves it there).
 * `header` comes before the h1: what frames every state of the page (the wizard's links and progress),
 * which the keyboard's focus, moved to the h1, then leaves behind.
 */
export function Page({
  title,
  description,
  className,
  headingRef,
  header,
  children,
}: {
  title: string;
  description?: ReactNode;
  className?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  header?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={cn('mx-auto w-full max-w-7xl px-4 py-10', className)}>
      {header}
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="scroll-mt-20 text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      {description && <p className="mt-2 max-w-2xl text-slate-600">{description}</p>}
      {children && <div className="mt-8">{children}</div>}
    </section>
  );
}
