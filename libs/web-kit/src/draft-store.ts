/**
 * Work in progress that survives a reload (issue 37): a draft is kept in this browser's local
 * storage under the signed-in user's id, so another account on the same browser never sees it.
 * The page clears it when the work is done; signing out (`navigateAway(LOGOUT_URL)`) clears them all.
 */
const PREFIX = 'lipcast.draft.';

/** Where `key`'s draft of user `userId` is kept. */
export const draftStorageKey = (userId: string, key: string) => `${PREFIX}${userId}.${key}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The kept draft, or undefined when there is none (or it cannot be read). */
export function readDraft(userId: string, key: string): unknown {
  const raw = storage()?.getItem(draftStorageKey(userId, key));
  if (raw === null || raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeDraft(userId: string, key: string, value: unknown): void {
  try {
    storage()?.setItem(draftStorageKey(userId, key), JSON.stringify(value));
  } catch {
    // Full or refused storage (a large photo): the draft does not outlive the page, and no older one comes back instead.
    storage()?.removeItem(draftStorageKey(userId, key));
  }
}

export function clearDraft(userId: string, key: string): void {
  storage()?.removeItem(draftStorageKey(userId, key));
}

/** Forgets every user's drafts in this browser (on signing out). */
export function clearAllDrafts(): void {
  const kept = storage();
  if (!kept) return;
  const keys: string[] = [];
  for (let index = 0; index < kept.length; index++) {
    const key = kept.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) kept.removeItem(key);
}
