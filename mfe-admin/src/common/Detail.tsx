import type { ComponentProps } from 'react';

/** One field of a record's definition list: its name, then its value (the `dd`, with any of its props). */
export function Detail({ term, ...props }: ComponentProps<'dd'> & { term: string }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd {...props} />
    </>
  );
}
