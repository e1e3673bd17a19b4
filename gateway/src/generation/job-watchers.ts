import { Injectable } from '@nestjs/common';
import { PeriodicWork, WATCHED_END_KEPT_MS } from '@lipcast/nest-kit';
import { JobWatcherRecords } from './job-watcher-records';

/** How often the keys of jobs with a stream open here are put again, well within the bucket's max age. */
const WATCHED_REFRESH_MS = WATCHED_END_KEPT_MS / 5;

/**
 * Which jobs this gateway's event streams follow, for the "video ready" mail (sent only when nobody
 * watched): it counts the open streams per job and records the facts in the `job-watchers` bucket,
 * where content looks when the job succeeds. The job's key is put when its first stream here opens,
 * put again as `ended` when a stream delivered the job's end (the stream closes with it, possibly
 * before content looks; the bucket keeps it for WATCHED_END_KEPT_MS), and deleted when the last
 * stream closes without having delivered the end. Streams outlive the bucket's max age, so the keys
 * of open jobs are refreshed.
 */
@Injectable()
export class JobWatchers extends PeriodicWork {
  protected readonly work = 'refresh of the watched jobs';
  protected readonly intervalMs = () => WATCHED_REFRESH_MS;
  protected readonly runPass = async () => this.refresh();
  /** Open streams per job. */
  private readonly open = new Map<string, number>();
  /** Jobs with a stream open here whose end one of them delivered. */
  private readonly ended = new Set<string>();

  constructor(private readonly records: JobWatcherRecords) {
    super();
  }

  /** A stream follows the job until the returned function is called (any number of times). */
  watch(jobId: string): () => void {
    const streams = (this.open.get(jobId) ?? 0) + 1;
    this.open.set(jobId, streams);
    if (streams === 1) this.records.put(jobId, 'open');
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(jobId) ?? 1) - 1;
      if (left > 0) {
        this.open.set(jobId, left);
        return;
      }
      this.open.delete(jobId);
      // A delivered end stays recorded (the bucket expires it); a job left before its end is not watched.
      if (!this.ended.delete(jobId)) this.records.delete(jobId);
    };
  }

  /** A stream delivered the job's end to its page. */
  sawEnd(jobId: string): void {
    if (this.open.has(jobId)) this.ended.add(jobId);
    this.records.put(jobId, 'ended');
  }

  /** Puts the keys of the jobs with a stream open here again, before the bucket's max age expires them. */
  refresh(): void {
    for (const jobId of this.open.keys()) this.records.put(jobId, this.ended.has(jobId) ? 'ended' : 'open');
  }
}
