import type { JobWatcherState } from '@lipcast/nest-kit';
import type { JobWatcherRecords } from './job-watcher-records';
import { JobWatchers } from './job-watchers';

/** The job-watchers bucket as a port: the writes JobWatchers fires, in order. */
class FakeRecords {
  readonly writes: string[] = [];
  put(jobId: string, state: JobWatcherState): void {
    this.writes.push(`put ${jobId} ${state}`);
  }
  delete(jobId: string): void {
    this.writes.push(`delete ${jobId}`);
  }
}

describe('JobWatchers', () => {
  const watchers = () => {
    const records = new FakeRecords();
    return { records, jobs: new JobWatchers(records as unknown as JobWatcherRecords) };
  };

  it('records a job when its first stream opens and deletes it when the last one closes before the end', () => {
    const { records, jobs } = watchers();
    const first = jobs.watch('job-1');
    const second = jobs.watch('job-1');
    expect(records.writes).toEqual(['put job-1 open']);
    first();
    first(); // a second release changes nothing
    expect(records.writes).toEqual(['put job-1 open']);
    second();
    expect(records.writes).toEqual(['put job-1 open', 'delete job-1']);
  });

  it('keeps a job whose end a stream delivered recorded after its streams closed (the bucket expires it)', () => {
    const { records, jobs } = watchers();
    const delivering = jobs.watch('job-1');
    const other = jobs.watch('job-1');
    jobs.sawEnd('job-1');
    other();
    delivering();
    expect(records.writes).toEqual(['put job-1 open', 'put job-1 ended']);

    // The next time the job is followed, a stream that leaves before the end deletes it again.
    jobs.watch('job-1')();
    expect(records.writes.slice(2)).toEqual(['put job-1 open', 'delete job-1']);
  });

  it('puts the keys of the jobs with a stream open again, as they are, and only those', () => {
    const { records, jobs } = watchers();
    jobs.watch('job-open');
    jobs.watch('job-ended');
    jobs.sawEnd('job-ended');
    jobs.watch('job-left')();
    records.writes.length = 0;
    jobs.refresh();
    expect(records.writes).toEqual(['put job-open open', 'put job-ended ended']);
  });
});
