import { ErrorCode } from '@lipcast/contracts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JobLanes } from '../jobs/job-lanes';
import type { JobQueue } from '../jobs/job-queue';
import type { JobsRepository } from '../jobs/jobs.repository';
import type { ProviderPredictions, WebhookDelivery } from '../ports/predictions.port';
import type { GenerationSettings } from '../settings';
import type { ProviderCallsRepository } from './provider-calls.repository';
import { ProviderCallsService } from './provider-calls.service';

const DELIVERY: WebhookDelivery = { body: '{}', id: 'msg_1', timestamp: '0', signature: 'v1,x' };

/** The service with its calls table faked: the prediction's call is recorded after `recordedAfterLooks` looks (never: Infinity). */
function serviceWith(recordedAfterLooks: number) {
  let looks = 0;
  const resumed: string[] = [];
  const calls = {
    complete: jest.fn(async () => (++looks > recordedAfterLooks ? { jobId: 'job-1' } : null)),
    isRecorded: jest.fn(async () => false),
  } as unknown as ProviderCallsRepository;
  const jobs = { resume: jest.fn(async (jobId: string) => (resumed.push(jobId), null)) } as unknown as JobsRepository;
  const predictions = { provider: 'replicate', verifyWebhook: async () => ({ id: 'p1', status: 'succeeded' }) } as unknown as ProviderPredictions;
  const service = new ProviderCallsService(calls, jobs, {} as JobQueue, {} as JobLanes, predictions, {} as GenerationSettings, {} as MikroORM);
  return { service, resumed, looks: () => looks };
}

describe('ProviderCallsService.webhook', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a delivery that arrives before the job has recorded its prediction, until it is recorded, then resumes the job', async () => {
    const { service, resumed, looks } = serviceWith(3);
    await expect(service.webhook(DELIVERY)).resolves.toEqual({ received: true });
    expect(looks()).toBe(4);
    expect(resumed).toEqual(['job-1']);
  });

  it('refuses it as unavailable (the sender delivers it again) when no job records it in time', async () => {
    jest.useFakeTimers();
    const { service, resumed } = serviceWith(Infinity);
    const answer = service.webhook(DELIVERY);
    const refused = expect(answer).rejects.toMatchObject({ code: ErrorCode.Unavailable });
    await jest.advanceTimersByTimeAsync(20_000);
    await refused;
    expect(resumed).toEqual([]);
  });
});
