import { whenEngaged } from '@lipcast/ui';

/**
 * Work for later screens (fetching the header's menus, the toaster), run once the first page's
 * content has shown and someone uses it, when the browser is idle (`whenEngaged`): done sooner, it
 * would compete with that page's own code and data (issue 38, item 2).
 */
let shown = false;
const waiting = new Set<() => void>();

/** Called once the first remote page has rendered. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const task of waiting) whenEngaged(task);
  waiting.clear();
}

/** Runs `task` after the first screen has shown, on the first input, when idle. Returns a cancel function. */
export function afterFirstScreen(task: () => void): () => void {
  if (shown) return whenEngaged(task);
  waiting.add(task);
  return () => waiting.delete(task);
}
