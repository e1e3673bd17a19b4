import { metricsRegistry } from '@lipcast/nest-kit';
import { jobProvider, watchQueueBacklog } from './job-metrics';

describe(jobProvider.name, () => {
  const settings = { lipSyncProvider: 'embedded' as const, imageToVideoProvider: 'replicate' as const };

  it('names the provider doing the heavy work of each kind of job', () => {
    expect(jobProvider(settings, 'lipsync')).toBe('embedded');
    expect(jobProvider(settings, 'one_shot')).toBe('embedded');
    expect(jobProvider(settings, 'image_to_video')).toBe('replicate');
  });
});

describe('queue gauges', () => {
  const gaugeValues = async (name: string) =>
    Object.fromEntries(((await metricsRegistry.getSingleMetric(name)?.get())?.values ?? []).map((value) => [value.labels.consumer, value.value]));

  it("read each consumer's pending and ack-pending messages at scrape time, once for both gauges", async () => {
    let reads = 0;
    let pending = 3;
    watchQueueBacklog(async () => {
      reads++;
      return [
        { consumer: 'generation-cpu-workers', pending, ackPending: 2 },
        { consumer: 'generation-provider-workers', pending: 0, ackPending: 1 },
      ];
    });
    let text = await metricsRegistry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('lipcast_generation_queue_pending_messages{consumer="generation-cpu-workers"} 3');
    expect(text).toContain('lipcast_generation_queue_ack_pending_messages{consumer="generation-provider-workers"} 1');

    pending = 0;
    text = await metricsRegistry.metrics();
    expect(text).toContain('lipcast_generation_queue_pending_messages{consumer="generation-cpu-workers"} 0');
    expect(await gaugeValues('lipcast_generation_queue_ack_pending_messages')).toEqual({ 'generation-cpu-workers': 2, 'generation-provider-workers': 1 });
  });

  it('leave the series out when JetStream cannot be read, rather than failing the scrape', async () => {
    watchQueueBacklog(() => Promise.reject(new Error('NATS is not connected')));
    const text = await metricsRegistry.metrics();
    expect(text).toContain('# TYPE lipcast_generation_queue_pending_messages gauge');
    expect(text).not.toContain('lipcast_generation_queue_pending_messages{');
  });
});
