import type { JobState } from '@lipcast/contracts';
import { followJob } from './jobs';
import { installFetch } from './testing/fake-fetch';

const state = (status: JobState['status'], progress: number): JobState => ({ id: 'job-1', kind: 'one_shot', status, progress, url: status === 'succeeded' ? '/api/media/v.mp4' : null, error: null });

describe(followJob.name, () => {
  it('reports each state it sees and resolves with the finished one (looking again when there is no event stream)', async () => {
    const fetchMock = installFetch({ body: state('running', 40) }, { body: state('succeeded', 100) });
    const seen: number[] = [];
    await expect(followJob('job-1', (current) => seen.push(current.progress), 5)).resolves.toMatchObject({ status: 'succeeded', url: '/api/media/v.mp4' });
    expect(seen).toEqual([40, 100]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/jobs/job-1');
  });

  it('fails when the job is gone', async () => {
    installFetch({ status: 404, body: { message: 'No such generation' } });
    await expect(followJob('job-1', () => undefined, 5)).rejects.toThrow('This generation no longer exists.');
  });
});
