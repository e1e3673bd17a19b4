/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { ErrorCode, Subjects, type Batch, type BatchList, type WebhookBatchData } from '@lipcast/contracts';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { readZipDirectory, zipEntryDataOffset } from '../../zip/read-zip';
import type { ApiV1BatchAcceptedDto, ApiV1BatchDto, ApiV1BatchListDto } from '../../../gateway/src/api-v1/batches.dto';
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
    // Its endpoint is on 127.0.0.1, which registration refuses unless the test setting allows loopback.
    api = await startPublicApiTestBed({ services: [authService, billingService, generationService], serviceEnv: { WEBHOOK_ALLOW_LOOPBACK: 'true' }, actorClip: ACTOR_ID });
  });

  afterAll(() => api?.close());

  it('makes 6 videos of an 8-row CSV with 2 invalid rows: per-row errors, at most 2 rows running, a ZIP of 6 MP4s and batch.completed', async () => {
    const { user, key } = await api.newCaller('api-v1-batches-maker');
    await grant(user.id, 3); // 3 free + 3 pack generations: one for each valid row
    const endpoint = await generation().send(Subjects.generation.webhookEndpointCreate, { userId: user.id, url: 'http://127.0.0.1:9/batches', events: ['batch.completed'] });

    // 6 valid rows: three times the concurrency limit, so rows wait for a free slot.
    const created = await upload(key, csvOf(8, { 7: `${ACTOR_ID},,,Friendly_Person,,,`, 3: `${ACTOR_ID},,Angry row.,Friendly_Person,furious,,` }));
    const accepted = (await answer(created)) as { status: number; body: ApiV1BatchAcceptedDto };
    expect(accepted.status).toBe(202);
    expect(accepted.body.rows).toHaveLength(8);
    expect(accepted.body.rows.filter((row) => row.status === 'invalid')).toEqual([
      { row: 3, status: 'invalid', error: expect.stringMatching(/^emotion must be one of: /), field: 'emotion' },
      { row: 7, status: 'invalid', error: 'script is required', field: 'script' },
    ]);
    expect(accepted.body.rows.filter((row) => row.error === undefined)).toHaveLength(6);

    const { done, mostRunning } = await completed(key, accepted.body.id);
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(BATCH_CONCURRENCY);
    expect(done.counts).toEqual({ total: 8, pending: 0, running: 0, succeeded: 6, failed: 0, invalid: 2 });
    expect(done.rows.find((row) => row.row === 7)).toEqual({ row: 7, status: 'invalid', progress: 0, video_id: null, error: 'script is required', field: 'script' });
    const succeeded = done.rows.filter((row) => row.status === 'succeeded');
    expect(new Set(succeeded.map((row) => row.video_id)).size).toBe(6);
    // Only the 6 videos were charged.
    const account = await billing().send(Subjects.billing.accountGet, { userId: user.id });
    expect(account.generationsCount).toBe(6);

    const zipped = await api.call(key, 'GET', `/batches/${done.id}/zip`);
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zipped.headers.get('content-disposition')).toBe(`attachment; filename="batch-${done.id}.zip"`);
    const zip = Buffer.from(await zipped.arrayBuffer());
    const entries = readZipDirectory(zip);
    // Row numbers padded to the width of the batch's largest (8 rows: one digit), so the files sort in row order.
    expect(entries.map((entry) => entry.name)).toEqual(succeeded.map((row) => `row-${row.row}.mp4`));
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
    await billing().send(Subjects.billing.creditsReserve, { userId: user.id, jobId: elsewhere });

    const { done } = await completed(key, accepted.id);
    expect(done.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(done.rows[2]).toMatchObject({ video_id: null, error: 'No generations left', field: null });
    expect(await answer(await api.call(key, 'POST', `/batches/${done.id}/rows/1/retry`))).toMatchObject({ status: 409, body: { error: { code: ErrorCode.Conflict } } });

    await billing().send(Subjects.billing.creditsRelease, { jobId: elsewhere });
    const retried = await api.call(key, 'POST', `/batches/${done.id}/rows/3/retry`);
    expect(retried.status).toBe(202);
    const again = await completed(key, done.id);
    expect(again.done.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Rows 1 and 2 kept their videos; row 3 has its own.
    expect(again.done.rows.slice(0, 2).map((row) => row.video_id)).toEqual(done.rows.slice(0, 2).map((row) => row.video_id));
    expect(again.done.rows[2].video_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the caller\'s batches newest first in pages (GET /api/v1/batches, scope videos:read), paged as the videos', async () => {
    const { key } = await api.newCaller('api-v1-batches-lister');
    // Rows that are all invalid run nothing: the batches complete at once and charge nothing.
    const ids: string[] = [];
    for (let count = 1; count <= 3; count++) {
      const created = (await (await api.call(key, 'POST', '/batches', { rows: Array.from({ length: count }, () => ({ actor: ACTOR_ID, voice: 'Friendly_Person' })) })).json()) as ApiV1BatchAcceptedDto;
      ids.unshift(created.id);
    }
    const first = await answer(await api.call(key, 'GET', '/batches?limit=2'));
    expect(first).toEqual({
      status: 200,
      body: {
        data: [
          { id: ids[0], status: 'completed', created_at: expect.any(String), counts: { total: 3, pending: 0, running: 0, succeeded: 0, failed: 0, invalid: 3 } },
          { id: ids[1], status: 'completed', created_at: expect.any(String), counts: { total: 2, pending: 0, running: 0, succeeded: 0, failed: 0, invalid: 2 } },
        ],
        next_cursor: expect.any(String),
      },
    });
    const cursor = (first.body as ApiV1BatchListDto).next_cursor!;
    const second = (await (await api.call(key, 'GET', `/batches?limit=2&cursor=${encodeURIComponent(cursor)}`)).json()) as ApiV1BatchListDto;
    expect(second.data.map((batch) => batch.id)).toEqual([ids[2]]);
    expect(second.next_cursor).toBeNull();
    // The default page holds them all.
    expect(((await (await api.call(key, 'GET', '/batches?cursor=&limit=')).json()) as ApiV1BatchListDto).data.map((batch) => batch.id)).toEqual(ids);

    expect(await answer(await api.call(key, 'GET', '/batches?cursor=nonsense'))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation, message: 'cursor is not one this API gave' } } });
    for (const limit of ['101', '0', 'two']) {
      expect(await answer(await api.call(key, 'GET', `/batches?limit=${limit}`))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation, message: 'limit must be a whole number from 1 to 100' } } });
    }
    const writer = await api.newCaller('api-v1-batches-writer', ['videos:write']);
    expect(await answer(await api.call(writer.key, 'GET', '/batches'))).toMatchObject({ status: 403, body: { error: { code: ErrorCode.Forbidden } } });
    // Another user sees none of them.
    expect(((await (await api.call(writer.key, 'POST', '/batches', { rows: [{ voice: 'Friendly_Person' }] })).json()) as ApiV1BatchAcceptedDto).rows).toHaveLength(1);
    const reader = await api.newCaller('api-v1-batches-reader', ['videos:read']);
    expect(await answer(await api.call(reader.key, 'GET', '/batches'))).toEqual({ status: 200, body: { data: [], next_cursor: null } });
  });

  it('serves the app\'s batch page with the session (/api/batches): the same checks, batches, list and 402 facts, and no key reaches it', async () => {
    const { cookie, key } = await api.newCaller('app-batches-page');
    const created = await api.session(cookie, 'POST', '/batches', { csv: `actor,script,voice\r\n${ACTOR_ID},Made on the page.,Friendly_Person\r\n${ACTOR_ID},,Friendly_Person\r\n` });
    expect(created.status).toBe(202);
    const batch = (await created.json()) as Batch;
    expect(batch.rows.map(({ row, status, error, field }) => ({ row, status, error, field }))).toEqual([
      { row: 1, status: expect.stringMatching(/^(pending|running)$/), error: null, field: null },
      { row: 2, status: 'invalid', error: 'script is required', field: 'script' },
    ]);
    expect(await answer(await api.session(cookie, 'GET', `/batches/${batch.id}`))).toMatchObject({ status: 200, body: { id: batch.id, counts: { total: 2, invalid: 1 } } });
    const listed = (await (await api.session(cookie, 'GET', '/batches')).json()) as BatchList;
    expect(listed).toEqual({ batches: [{ id: batch.id, status: expect.any(String), createdAt: batch.createdAt, counts: expect.objectContaining({ total: 2 }) }], nextCursor: null });
    // The API sees the same batch.
    expect(((await (await api.call(key, 'GET', '/batches')).json()) as ApiV1BatchListDto).data.map((each) => each.id)).toEqual([batch.id]);

    // A CSV the API refuses is refused here as well; 5 valid rows for 2 generations left carry the paywall's facts.
    expect(await answer(await api.session(cookie, 'POST', '/batches', { csv: 'script,voice\n"open' }))).toEqual({ status: 400, body: { message: 'CSV: a quoted field is not closed' } });
    expect(await answer(await api.session(cookie, 'POST', '/batches', { csv: csvOf(5) }))).toEqual({
      status: 402,
      body: { message: expect.stringMatching(/^This batch needs 5 generations; you have [23] left$/), requiresPayment: true, limit: 3, requiresAdditionalOnly: false },
    });
    expect(await answer(await api.session(cookie, 'POST', `/batches/${batch.id}/rows/2/retry`))).toEqual({ status: 409, body: { message: 'Row 2 is invalid: only a failed row is retried' } });

    // Its one valid row runs; the ZIP of the page holds its video.
    await completed(key, batch.id);
    const zipped = await api.session(cookie, 'GET', `/batches/${batch.id}/zip`);
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(readZipDirectory(Buffer.from(await zipped.arrayBuffer())).map((entry) => entry.name)).toEqual(['row-1.mp4']);

    // A key is not a session; the session's routes are not the API's.
    expect((await fetch(`${api.base}/api/batches`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    expect((await fetch(`${api.base}/api/v1/batches`, { headers: { cookie } })).status).toBe(401);
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
    expect(json).toEqual({ status: 202, body: { id: expect.any(String), rows: [{ row: 1, status: 'invalid', error: 'Give either actor or influencer', field: 'actor' }] } });
    const id = (json.body as ApiV1BatchAcceptedDto).id;
    expect((await completed(key, id)).done.counts).toMatchObject({ total: 1, invalid: 1 });
    expect(await answer(await api.call(key, 'GET', `/batches/${id}/zip`))).toMatchObject({ status: 409, body: { error: { code: ErrorCode.Conflict } } });

    const stranger = await api.newCaller('api-v1-batches-stranger');
    expect(await answer(await api.call(stranger.key, 'GET', `/batches/${id}`))).toMatchObject({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such batch' } } });
    expect((await api.call(stranger.key, 'GET', '/batches/not-a-uuid')).status).toBe(404);
  });
});
