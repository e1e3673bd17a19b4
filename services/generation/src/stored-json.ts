import type { StorageService } from '@lipcast/nest-kit';

/** The JSON stored under `key` (a drawing, timings, landmarks), or undefined when there is none. */
export async function readStoredJson<T>(storage: StorageService, key: string): Promise<T | undefined> {
  if (!(await storage.stat(key))) return undefined;
  return JSON.parse(await storage.readText(key)) as T;
}
