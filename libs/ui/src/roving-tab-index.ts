import { useRef, type KeyboardEvent } from 'react';

/**
 * Where a key moves the focus in a one-dimensional group of `count` items from `index`, as in the
 * WAI-ARIA radio group pattern: the arrows to the previous and next item (wrapping round), Home and
 * End to the first and last; null for any other key.
 */
export function rovingTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** What `useRovingTabIndex` gives each item of its group. */
export interface RovingItemProps {
  ref: (element: HTMLElement | null) => void;
  tabIndex: 0 | -1;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * Roving tabindex: a group of `count` items is one Tab stop, the `activeIndex` item (the selected
 * one), and the arrow keys, Home and End move among the items. A key that moves calls `onMove` with
 * the new item's index (a radio group selects it) and focuses that item.
 */
export function useRovingTabIndex(count: number, activeIndex: number, onMove: (index: number) => void): (index: number) => RovingItemProps {
  const items = useRef<(HTMLElement | null)[]>([]);
  // No item selected: the first one is the group's Tab stop.
  const stop = activeIndex >= 0 && activeIndex < count ? activeIndex : 0;
  return (index) => ({
    ref: (element) => {
      items.current[index] = element;
    },
    tabIndex: index === stop ? 0 : -1,
    onKeyDown: (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = rovingTarget(event.key, index, count);
      if (target === null) return;
      event.preventDefault(); // the arrows would else scroll the page
      onMove(target);
      items.current[target]?.focus();
    },
  });
}
