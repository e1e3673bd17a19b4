import { Subjects } from '@lipcast/contracts';
import type { ServiceClient } from '@lipcast/nest-kit';
import { PublicReads } from './public-reads';

/** A service client that answers each request with a numbered answer, or fails when told to. */
function countingServices() {
  const asked: string[] = [];
  let failNext = false;
  const services = {
    send: async (subject: string, payload: object) => {
      asked.push(`${subject} ${JSON.stringify(payload)}`);
      if (failNext) {
        failNext = false;
        throw new Error('service away');
      }
      return { answer: asked.length };
    },
  } as unknown as ServiceClient;
  return { services, asked, failOnce: () => (failNext = true) };
}

describe(PublicReads.name, () => {
  afterEach(() => jest.useRealTimers());

  it('asks the service once per read and interval, and shares an answer in flight', async () => {
    jest.useFakeTimers({ now: 0 });
    const { services, asked } = countingServices();
    const reads = new PublicReads(services, 5);
    const [first, second] = await Promise.all([reads.send(Subjects.content.postsList, { page: 1 }), reads.send(Subjects.content.postsList, { page: 1 })]);
    expect(first).toEqual({ answer: 1 });
    expect(second).toBe(first);
    expect(await reads.send(Subjects.content.postsList, { page: 2 })).toEqual({ answer: 2 });
    jest.setSystemTime(4_999);
    expect(await reads.send(Subjects.content.postsList, { page: 1 })).toEqual({ answer: 1 });
    jest.setSystemTime(5_000);
    expect(await reads.send(Subjects.content.postsList, { page: 1 })).toEqual({ answer: 3 });
    expect(asked).toHaveLength(3);
  });

  it('never keeps a failure', async () => {
    const { services, failOnce } = countingServices();
    const reads = new PublicReads(services, 5);
    failOnce();
    await expect(reads.send(Subjects.billing.plansList, {})).rejects.toThrow('service away');
    expect(await reads.send(Subjects.billing.plansList, {})).toEqual({ answer: 2 });
  });

  it('asks every time when turned off, and tells browsers to revalidate', async () => {
    const { services, asked } = countingServices();
    const reads = new PublicReads(services, 0);
    await reads.send(Subjects.generation.actorsList, {});
    await reads.send(Subjects.generation.actorsList, {});
    expect(asked).toHaveLength(2);
    expect(reads.cacheControl).toBe('no-cache');
    expect(new PublicReads(services, 5).cacheControl).toBe('public, max-age=5');
  });
});
