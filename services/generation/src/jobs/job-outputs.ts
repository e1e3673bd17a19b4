import { jobFolder, jobOutputKey, type JobFile } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';

/**
 * What one job stores, all in its own folder. Every store first checks the job's abort signal, so
 * a cancelled or timed-out job stops writing; when the job ends without succeeding, `removeAll`
 * deletes everything it made (nothing of it stays readable).
 */
export class JobOutputs {
  /** Seconds of the video the job made, when its handler knows them (for the real-time factor metric). */
  mediaSeconds: number | null = null;
  /** The files this run stored: a lookup of what the job stored need not ask the store about them. */
  private readonly stored = new Set<JobFile>();

  constructor(
    private readonly storage: StorageService,
    readonly userId: string,
    readonly jobId: string,
    private readonly signal: AbortSignal,
  ) {}

  key(file: JobFile): string {
    return jobOutputKey(this.userId, this.jobId, file);
  }

  putFile(file: JobFile, path: string, contentType: string): Promise<string> {
    return this.store(file, (key) => this.storage.putFile(key, path, contentType));
  }

  put(file: JobFile, body: Buffer, contentType: string): Promise<string> {
    return this.store(file, (key) => this.storage.put(key, body, contentType));
  }

  /** Copies one of the user's objects into the job's folder (e.g. the drawing a clip is made from). */
  copy(from: string, file: JobFile): Promise<string> {
    return this.store(file, (key) => this.storage.copy(from, key));
  }

  /** Whether this run stored `file` (an earlier run of the job may have: ask the store then). */
  storedHere(file: JobFile): boolean {
    return this.stored.has(file);
  }

  /** Writes `file` with `write` unless the job was stopped; answers its key. */
  private async store(file: JobFile, write: (key: string) => Promise<unknown>): Promise<string> {
    this.signal.throwIfAborted();
    const key = this.key(file);
    await write(key);
    this.stored.add(file);
    return key;
  }

  removeAll(): Promise<void> {
    return this.storage.removeFolder(jobFolder(this.userId, this.jobId));
  }
}
