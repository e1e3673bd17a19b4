import type { PortraitCoverage as Coverage } from '@lipcast/contracts';

/**
 * Under a portrait the offline engine drew: which words of the description it drew and which it
 * could not (issue 16), so nothing is dropped silently. A real provider's portrait has no coverage.
 */
/** Said as a creator would understand it (issue 37, item 14): what the illustrated style leaves out, not how it is made. */
export const NOT_DRAWN_LABEL = "Not drawn (the illustrated style can't show these yet):";

export function PortraitCoverage({ coverage }: { coverage?: Coverage }) {
  if (!coverage) return null;
  return (
    <div data-testid="portrait-coverage" className="space-y-1 text-sm">
      <p className="text-slate-700">
        <span className="font-medium">Drawn from:</span> {coverage.drawn.length > 0 ? coverage.drawn.join(', ') : 'none of your words (the look was chosen at random)'}
      </p>
      {coverage.notDrawn.length > 0 && (
        <p className="text-amber-800">
          <span className="font-medium">{NOT_DRAWN_LABEL}</span> {coverage.notDrawn.join(', ')}
        </p>
      )}
    </div>
  );
}
