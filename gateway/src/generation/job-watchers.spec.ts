import type { ServiceClient } from '@lipcast/nest-kit';
import { JobWatchers, WATCHED_END_KEPT_MS } from './job-watchers';

describe('JobWatchers', () => {
  const watchers = () => new JobWatchers({} as ServiceClient);

  it('counts a job as watched while any of its streams is open', () => {
    const jobs = watchers();
    const first = jobs.watch('job-1');
    const second = jobs.watch('job-1');
    first();
    first(); // a second release changes nothing
    expect(jobs.watching('job-1')).toBe(true);
    second();
    expect(jobs.watching('job-1')).toBe(false);
    expect(jobs.watching('job-2')).toBe(false);
  });

  it('keeps a job whose end a stream delivered as watched for a while after the stream closed', () => {
    const jobs = watchers();
    const release = jobs.watch('job-1');
    jobs.sawEnd('job-1', 1_000);
    release();
    expect(jobs.watching('job-1', 1_000 + WATCHED_END_KEPT_MS - 1)).toBe(true);
    expect(jobs.watching('job-1', 1_000 + WATCHED_END_KEPT_MS)).toBe(false);
  });
});
