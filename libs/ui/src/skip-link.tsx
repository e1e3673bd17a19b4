/** The id of every page's main landmark, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first Tab stop of a page (issue 37, item 6), hidden until focused, past the
 * header's links to its main landmark (which needs `id={MAIN_ID}` and `tabIndex={-1}` to take the focus).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:ring-2 focus:ring-brand-600"
    >
      Skip to content
    </a>
  );
}
