import { whenIdle } from '@lipcast/ui';

/**
 * Work for later screens (fetching the header's menus, the toaster), run when the browser is idle
 * after the first page's content has shown: done sooner, it would compete with that page's own code
 * and data (issue 38, item 2).
 */
let shown = false;
const waiting = new Set<() => void>();

/** Called once the first remote page has rendered. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const task of waiting) whenIdle(task);
  waiting.clear();
}

/** Runs `task` when idle after the first screen has shown (at once, when idle, if it has). Returns a cancel function. */
export function afterFirstScreen(task: () => void): () => void {
  if (shown) return whenIdle(task);
  waiting.add(task);
  return () => waiting.delete(task);
}
