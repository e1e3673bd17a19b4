import type { ReactNode } from 'react';
import { Page } from '@lipcast/ui';

/** The date shown on both legal pages; change it with their text. */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-22', label: 'November 22, 2026' } as const;

export const SUPPORT_EMAIL = 'support@lipcast.app';

/** A legal page: its title, the "Last updated" date and numbered sections with their own headings. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page
      title={title}
      className="max-w-3xl!"
      description={
        <>
          Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
        </>
      }
    >
      <div className="space-y-8 text-base leading-7 text-slate-700">{children}</div>
    </Page>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SupportLink() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
      {SUPPORT_EMAIL}
    </a>
  );
}
