/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { ErrorCode, Subjects, type CreatedWebhookEndpoint, type Reservation, type WebhookBatchData } from '@lipcast/contracts';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { readZipDirectory, zipEntryDataOffset } from './batches-zip';
import type { ApiV1BatchAcceptedDto, ApiV1BatchDto } from './batches.dto';
import { answer, startPublicApiTestBed, type PublicApiTestBed } from './testing';

jest.setTimeout(900_000);

const ACTOR_ID = 'ipfs-puppet-video-2';
/** The generation service's default `BATCH_CONCURRENCY`. */
const BATCH_CONCURRENCY = 2;
const OPERATOR = { operatorId: crypto.randomUUID(), operatorName: 'batches test' };

/** A CSV of `count` rows of the actor (short scripts, quoted with commas and a line break now and then), with `invalid` rows replaced. */
function csvOf(count: number, invalid: Record<number, string> = {}): string {
  const lines = ['actor,influencer,script,voice,emotion,speed,pitch'];
  for (let row = 1; row <= count; row++) {
    lines.push(invalid[row] ?? (row % 5 === 0 ? `${ACTOR_ID},,"Row ${row}, said with a comma,\nand a new line.",Friendly_Person,happy,1.1,1` : `${ACTOR_ID},,Row ${row} of the batch.,Friendly_Person,,,`));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `POST /api/v1/batches` against the real auth, billing and generation services: validation per row, bounded runs, the ZIP, a retry and `batch.completed`. */
describe('the public API batches (/api/v1/batches)', () => {
  let api: PublicApiTestBed;

  const billing = () => api.client(billingService);
  const generation = () => api.client(generationService);
  /** Pack credits granted by an operator through the ledger. */
  const grant = (userId: string, delta: number) => billing().send(Subjects.billing.adminCreditsAdjust, { userId, delta, reason: 'batches test', ...OPERATOR });
  const upload = (key: string, csv: string) => fetch(`${api.base}/api/v1/batches`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: csv });
  const batch = async (key: string, id: string) => (await (await api.call(key, 'GET', `/batches/${id}`)).json()) as ApiV1BatchDto;
  /** Polls the batch until it completes; answers it and the most rows seen running at once. */
  const completed = async (key: string, id: string): Promise<{ done: ApiV1BatchDto; mostRunning: number }> => {
    let mostRunning = 0;
    for (const deadline = Date.now() + 800_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const current = await batch(key, id);
      mostRunning = Math.max(mostRunning, current.rows.filter((row) => row.status === 'running').length);
      if (current.status === 'completed') return { done: current, mostRunning };
    }
    throw new Error(`batch ${id} did not complete in time`);
  };

  beforeAll(async () => {
    api = await startPublicApiTestBed({ services: [authService, billingService, generationService], actorClip: ACTOR_ID });
  });

  afterAll(() => api?.close());

  it('makes 18 videos of a 20-row CSV with 2 invalid rows: per-row errors, at most 2 rows running, a ZIP of 18 MP4s and batch.completed', async () => {
    const { user, key } = await api.newCaller('api-v1-batches-maker');
    await grant(user.id, 20); // 3 free + 20 pack generations
    const endpoint = await generation().send<CreatedWebhookEndpoint>(Subjects.generation.webhookEndpointCreate, { userId: user.id, url: 'http://127.0.0.1:9/batches', events: ['batch.completed'] });

    const created = await upload(key, csvOf(20, { 7: `${ACTOR_ID},,,Friendly_Person,,,`, 13: `${ACTOR_ID},,Angry row.,Friendly_Person,furious,,` }));
    const accepted = (await answer(created)) as { status: number; body: ApiV1BatchAcceptedDto };
    expect(accepted.status).toBe(202);
    expect(accepted.body.rows).toHaveLength(20);
    expect(accepted.body.rows.filter((row) => row.status === 'invalid')).toEqual([
      { row: 7, status: 'invalid', error: 'script is required' },
      { row: 13, status: 'invalid', error: expect.stringMatching(/^emotion must be one of: /) },
    ]);
    expect(accepted.body.rows.filter((row) => row.error === undefined)).toHaveLength(18);

    const { done, mostRunning } = await completed(key, accepted.body.id);
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(BATCH_CONCURRENCY);
    expect(done.counts).toEqual({ total: 20, pending: 0, running: 0, succeeded: 18, failed: 0, invalid: 2 });
    expect(done.rows.find((row) => row.row === 7)).toEqual({ row: 7, status: 'invalid', progress: 0, video_id: null, error: 'script is required' });
    const succeeded = done.rows.filter((row) => row.status === 'succeeded');
    expect(new Set(succeeded.map((row) => row.video_id)).size).toBe(18);
    // Only the 18 videos were charged.
    const account = await billing().send<{ generationsCount: number }>(Subjects.billing.accountGet, { userId: user.id });
    expect(account.generationsCount).toBe(18);

    const zipped = await api.call(key, 'GET', `/batches/${done.id}/zip`);
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zipped.headers.get('content-disposition')).toBe(`attachment; filename="batch-${done.id}.zip"`);
    const zip = Buffer.from(await zipped.arrayBuffer());
    const entries = readZipDirectory(zip);
    expect(entries.map((entry) => entry.name)).toEqual(succeeded.map((row) => `row-${String(row.row).padStart(2, '0')}.mp4`));
    for (const entry of entries) {
      const start = zipEntryDataOffset(zip, entry);
      expect(entry.size).toBeGreaterThan(1000);
      expect(zip.subarray(start + 4, start + 8).toString('latin1')).toBe('ftyp');
    }

    // Read from the table: the deliveries list's v1 contract names only video payloads.
    const deliveries = await api.database.query<{ event: string; data: WebhookBatchData }>("select event, payload->'data' as data from generation.webhook_delivery where endpoint_id = $1", [endpoint.id]);
    expect(deliveries.rows).toEqual([
      { event: 'batch.completed', data: { batch_id: done.id, counts: done.counts } },
    ]);
  });

  it('retries a row that failed when it started (its generation taken meanwhile) alone, as a new video', async () => {
    const { user, key } = await api.newCaller('api-v1-batches-retry');
    const accepted = (await (await upload(key, csvOf(3))).json()) as ApiV1BatchAcceptedDto;
    // Rows 1 and 2 start at once (3 free generations, 2 at a time); row 3 waits. The last free generation goes elsewhere before it starts.
    const elsewhere = crypto.randomUUID();
    await billing().send<Reservation>(Subjects.billing.creditsReserve, { userId: user.id, jobId: elsewhere });

    const { done } = await completed(key, accepted.id);
    expect(done.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(done.rows[2]).toMatchObject({ video_id: null, error: 'No generations left' });
    expect(await answer(await api.call(key, 'POST', `/batches/${done.id}/rows/1/retry`))).toMatchObject({ status: 409, body: { error: { code: ErrorCode.Conflict } } });

    await billing().send<Reservation>(Subjects.billing.creditsRelease, { jobId: elsewhere });
    const retried = await api.call(key, 'POST', `/batches/${done.id}/rows/3/retry`);
    expect(retried.status).toBe(202);
    const again = await completed(key, done.id);
    expect(again.done.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Rows 1 and 2 kept their videos; row 3 has its own.
    expect(again.done.rows.slice(0, 2).map((row) => row.video_id)).toEqual(done.rows.slice(0, 2).map((row) => row.video_id));
    expect(again.done.rows[2].video_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a batch whose valid rows outnumber the generations left (402, nothing started), a bad CSV (400), and another user\'s batch (404)', async () => {
    const { key } = await api.newCaller('api-v1-batches-refused');
    expect(await answer(await upload(key, csvOf(5)))).toEqual({
      status: 402,
      body: { error: { code: ErrorCode.PaymentRequired, message: 'This batch needs 5 generations; you have 3 left', details: { requiresPayment: true, limit: 3, requiresAdditionalOnly: false } } },
    });
    expect(await answer(await upload(key, 'script,voice\n"open'))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation, message: 'CSV: a quoted field is not closed' } } });
    expect(await answer(await api.call(key, 'POST', '/batches', { rows: [] }))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation } } });

    // JSON rows work too; all invalid means nothing to run, so the batch completes at once.
    const json = await answer(await api.call(key, 'POST', '/batches', { rows: [{ actor: ACTOR_ID, influencer: 1, script: 'Both.', voice: 'Friendly_Person' }] }));
    expect(json).toEqual({ status: 202, body: { id: expect.any(String), rows: [{ row: 1, status: 'invalid', error: 'Give either actor or influencer' }] } });
    const id = (json.body as ApiV1BatchAcceptedDto).id;
    expect((await completed(key, id)).done.counts).toMatchObject({ total: 1, invalid: 1 });
    expect(await answer(await api.call(key, 'GET', `/batches/${id}/zip`))).toMatchObject({ status: 409, body: { error: { code: ErrorCode.Conflict } } });

    const stranger = await api.newCaller('api-v1-batches-stranger');
    expect(await answer(await api.call(stranger.key, 'GET', `/batches/${id}`))).toMatchObject({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such batch' } } });
    expect((await api.call(stranger.key, 'GET', '/batches/not-a-uuid')).status).toBe(404);
  });
});
