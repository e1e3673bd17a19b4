import type { MikroORM } from '@mikro-orm/postgresql';
import type { AudioService } from '../audio/audio.service';
import type { GenerationSettings } from '../settings';
import type { VideosService } from '../videos/videos.service';
import type { WebhooksRepository } from '../webhooks/webhooks.repository';
import type { WebhooksService } from '../webhooks/webhooks.service';
import type { BatchRecord } from './batch.entities';
import type { BatchesRepository, BatchRowState } from './batches.repository';
import { BatchesService } from './batches.service';

const USER = '00000000-0000-4000-8000-000000000001';
const BATCH: BatchRecord = { id: '00000000-0000-4000-8000-0000000000b1', userId: USER, status: 'completed', createdAt: new Date(), completedAt: new Date() } as BatchRecord;

const row = (number: number, status: BatchRowState['status'], videoId: string | null): BatchRowState =>
  ({ batchId: BATCH.id, row: number, userId: USER, status, videoId, input: {}, error: status === 'invalid' ? 'Give a script' : null, errorField: null, jobStatus: null, jobProgress: null, jobError: null, jobResult: null }) as unknown as BatchRowState;

/** One scheduler pass completing `BATCH` with these rows: the `batch.completed` deliveries it queued. */
async function completedDeliveries(rows: BatchRowState[]): Promise<string[]> {
  const queued: string[] = [];
  const batches = {
    settleEndedRows: async () => undefined,
    waitingUsers: async () => [],
    completeFinished: async () => [BATCH],
    rows: async () => rows,
  } as unknown as BatchesRepository;
  const webhooks = {
    subscribers: async () => [{ id: '00000000-0000-4000-8000-0000000000e1', url: 'https://hooks.example/batches' }],
  } as unknown as WebhooksRepository;
  const deliveries = { queueDelivery: async (_userId: string, receiver: { endpointId: string }, event: string) => void queued.push(`${event} to ${receiver.endpointId}`) } as unknown as WebhooksService;
  const service = new BatchesService(batches, {} as VideosService, {} as AudioService, webhooks, deliveries, { GENERATION_ROLE: 'all' } as GenerationSettings, {} as MikroORM);
  await service.schedule();
  return queued;
}

describe('BatchesService batch.completed', () => {
  it('sends nothing for a batch that charged nothing (every row invalid): no signed POST per endpoint for a free request', async () => {
    expect(await completedDeliveries([row(1, 'invalid', null), row(2, 'invalid', null)])).toEqual([]);
  });

  it('sends nothing when no row ever ran as a video (invalid, or refused when it started)', async () => {
    expect(await completedDeliveries([row(1, 'invalid', null), row(2, 'failed', null)])).toEqual([]);
  });

  it('sends batch.completed to each subscribed endpoint once a row ran as a video', async () => {
    expect(await completedDeliveries([row(1, 'invalid', null), row(2, 'succeeded', '00000000-0000-4000-8000-0000000000f1')])).toHaveLength(1);
  });
});
