import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccount } from './account';
import { clearDraft, readDraft, writeDraft } from './draft-store';

export * from './draft-store';

export interface DraftOptions<T> {
  /** Checks a kept value before it is shown (a stale shape, a half-finished state): null drops it. */
  revive?: (stored: unknown) => T | null;
}

/**
 * `useState` whose value is kept per user in this browser: `[value, setValue, clear]`. The kept
 * value comes back once the signed-in user is known; `clear()` forgets it (the work is done) and
 * leaves the value shown as it is. Signed out, it is plain state.
 */
export function useDraft<T>(key: string, initial: T, { revive }: DraftOptions<T> = {}): [T, (next: T | ((previous: T) => T)) => void, () => void] {
  const userId = useAccount().user?.id ?? null;
  const [value, setValue] = useState<T>(() => {
    if (!userId) return initial;
    return reviveValue(readDraft(userId, key), revive) ?? initial;
  });
  const restoredFor = useRef<string | null>(userId);
  const latest = useRef({ userId, key });
  latest.current = { userId, key };

  // The user arrives after the first render (the session probe): their draft comes back then.
  useEffect(() => {
    if (!userId || restoredFor.current === userId) return;
    restoredFor.current = userId;
    const kept = reviveValue(readDraft(userId, key), revive);
    if (kept !== null) setValue(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in user
  }, [userId, key]);

  const set = useCallback((next: T | ((previous: T) => T)) => {
    setValue((previous) => {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
      const { userId: owner, key: name } = latest.current;
      if (owner) {
        if (value === null || value === undefined || value === '') clearDraft(owner, name);
        else writeDraft(owner, name, value);
      }
      return value;
    });
  }, []);

  const clear = useCallback(() => {
    const { userId: owner, key: name } = latest.current;
    if (owner) clearDraft(owner, name);
  }, []);

  return [value, set, clear];
}

function reviveValue<T>(stored: unknown, revive: ((stored: unknown) => T | null) | undefined): T | null {
  if (stored === undefined) return null;
  return revive ? revive(stored) : (stored as T);
}
