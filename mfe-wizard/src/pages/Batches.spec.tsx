import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Batch, BatchRow } from '@lipcast/contracts';
import { registerPaymentHandler } from '@lipcast/web-kit';
import { accountUser, callsTo, fakeApi, type FakeRoutes } from '@lipcast/web-kit/testing';
import Batches, { BATCH_POLL_MS, batchSummary, COPIED_MS, CSV_TEMPLATE } from './Batches';

const ID = '8d0c2f61-5b7e-4a8e-b1f3-0c9d2e4a6b17';
const VIDEO = '3f1c9a52-7a3e-4c8e-9d59-2b1f0e6c4a10';
const CSV = 'actor,script,voice\nipfs-puppet-video-2,Hello.,Friendly_Person\nipfs-puppet-video-2,,Friendly_Person\nipfs-puppet-video-2,Again.,Friendly_Person\n';

const row = (overrides: Partial<BatchRow> & { row: number }): BatchRow => ({ status: 'pending', progress: 0, videoId: null, error: null, field: null, url: null, ...overrides });

function batchOf(rows: BatchRow[]): Batch {
  const counts = { total: rows.length, pending: 0, running: 0, succeeded: 0, failed: 0, invalid: 0 };
  for (const each of rows) counts[each.status]++;
  return { id: ID, status: counts.pending || counts.running ? 'running' : 'completed', createdAt: '2026-11-26T14:00:00.000Z', counts, rows };
}

const started = batchOf([row({ row: 1, status: 'running', progress: 0.4, videoId: VIDEO }), row({ row: 2, status: 'invalid', error: 'script is required', field: 'script' }), row({ row: 3 })]);
const finished = batchOf([
  row({ row: 1, status: 'succeeded', progress: 1, videoId: VIDEO, url: '/media/users/u1/jobs/v1/video.mp4' }),
  row({ row: 2, status: 'invalid', error: 'script is required', field: 'script' }),
  row({ row: 3, status: 'failed', error: 'No generations left' }),
]);

function renderPage(routes: FakeRoutes) {
  const fetchMock = fakeApi({ 'GET /api/auth/user': { body: accountUser({ generationsCount: 1 }) }, 'GET /api/batches': { body: { batches: [], nextCursor: null } }, 'GET /api/actors': { body: [] }, 'GET /api/ai-influencer/projects': { body: [] }, ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Batches />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function chooseAndUpload(text = CSV) {
  const input = screen.getByLabelText('CSV file');
  await act(async () => void fireEvent.change(input, { target: { files: [new File([text], 'batch.csv', { type: 'text/csv' })] } }));
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Upload and start' })));
}

// jsdom's files cannot read themselves as text (browsers' can): read them as FileReader does.
Blob.prototype.text ??= function text(this: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(this);
  });
};

describe('Batches', () => {
  it('explains the columns, offers the template and takes a .csv file, saying what the rows cost', async () => {
    renderPage({});
    const input = screen.getByLabelText('CSV file');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('.csv,text/csv');
    const columns = screen.getByRole('table', { name: "The CSV's columns" });
    expect(within(columns).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['actor', 'influencer', 'script', 'voice', 'emotion', 'speed', 'pitch']);
    const template = screen.getByRole('link', { name: 'Download the example CSV' });
    expect(template.getAttribute('download')).toBe('lipcast-batch-template.csv');
    expect(decodeURIComponent(template.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''))).toBe(CSV_TEMPLATE);
    expect(await screen.findByText(/you have 2 left/)).toBeTruthy();
  });

  it("lists the actors and the creator's influencers the CSV can name, each id with a copy button (issue 37)", async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const influencer = (id: number, name: string | null, state = 'visible') => ({
      id, createdAt: '2026-11-26T10:00:00.000Z', imageUrl: `/i/${id}.jpg`, imageKind: 'illustration', thumbnailUrl: null, outputUrl: `/v/${id}.mp4`, duration: 20,
      isApproved: name !== null, moderation: { state, reason: null, appealed: false }, name, isOwner: true,
    });
    renderPage({
      'GET /api/actors': { body: [{ id: 'ipfs-puppet-video-2', title: 'Puppet Pete', setting: 'Puppet Performance', duration: 20, thumbnail: '/t.jpg', url: '/a.mp4' }] },
      'GET /api/ai-influencer/projects': { body: [influencer(19, 'Chef Ruby'), influencer(20, null), influencer(21, 'Gone', 'removed')] },
    });
    const actors = await screen.findByRole('table', { name: 'Built-in actors and their ids' });
    const pete = within(actors).getByRole('row', { name: /Puppet Pete/ });
    expect(within(pete).getByText('ipfs-puppet-video-2')).toBeTruthy();
    const influencers = await screen.findByRole('table', { name: 'Your influencers and their numbers' });
    expect(within(influencers).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Chef Ruby', 'Influencer 20']);

    await act(async () => void fireEvent.click(within(pete).getByRole('button', { name: 'Copy actor id of Puppet Pete' })));
    expect(writeText).toHaveBeenCalledWith('ipfs-puppet-video-2');
    expect(within(pete).getByRole('button', { name: 'Copied actor id of Puppet Pete' }).textContent).toBe('Copied');
    expect(screen.getByText('Copied ipfs-puppet-video-2')).toBeTruthy();
    await act(async () => void fireEvent.click(within(influencers).getByRole('button', { name: 'Copy influencer number of Chef Ruby' })));
    expect(writeText).toHaveBeenLastCalledWith('19');
    act(() => void jest.advanceTimersByTime(COPIED_MS));
    expect(within(pete).getByRole('button', { name: 'Copy actor id of Puppet Pete' }).textContent).toBe('Copy');
    jest.useRealTimers();
  });

  it('offers a template of the header and one example row, from the columns the parser reads', () => {
    renderPage({});
    const [header, example, ...rest] = CSV_TEMPLATE.split('\n');
    expect(header).toBe('actor,influencer,script,voice,emotion,speed,pitch');
    expect(example).toBe('ipfs-puppet-video-2,,"Hello, and welcome to our channel!",Friendly_Person,happy,1.1,0');
    expect(rest).toEqual(['']);
  });

  it('uploads the CSV, lists the rows not run by field, follows the others to the end, and offers the ZIP and a retry of the failed row', async () => {
    let reads = 0;
    const fetchMock = renderPage({
      'POST /api/batches': { status: 202, body: started },
      [`GET /api/batches/${ID}`]: () => ({ body: ++reads === 1 ? started : finished }),
      [`POST /api/batches/${ID}/rows/3/retry`]: { status: 202, body: batchOf([finished.rows[0], finished.rows[1], row({ row: 3, status: 'running', progress: 0 })]) },
    });
    await chooseAndUpload();
    const errors = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(JSON.parse(callsTo(fetchMock, 'POST /api/batches')[0].body as string)).toEqual({ csv: CSV });
    expect(within(errors).getAllByRole('row').slice(1).map((each) => within(each).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([['script', 'script is required']]);
    expect(within(errors).getByRole('rowheader').textContent).toBe('2');
    const progress = screen.getByRole('table', { name: "Each row's video" });
    expect(within(progress).getByRole('progressbar', { name: 'Row 1 progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('0 of 2 videos done, 1 running, 1 waiting, 1 not run.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download all (ZIP)' })).toBeNull();

    // Read again while it runs, until it completes.
    expect(await screen.findByText('1 of 2 videos done, 1 failed, 1 not run. The batch is complete.', undefined, { timeout: BATCH_POLL_MS * 3 })).toBeTruthy();
    expect(screen.getByText('1 of 2 videos done, 1 failed, 1 not run. The batch is complete.').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('link', { name: 'Watch row 1' }).getAttribute('href')).toBe('/media/users/u1/jobs/v1/video.mp4');
    expect(screen.getByRole('link', { name: 'Download all (ZIP)' }).getAttribute('href')).toBe(`/api/batches/${ID}/zip`);
    expect(screen.getByText('No generations left')).toBeTruthy();

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Retry row 3' })));
    expect(callsTo(fetchMock, `POST /api/batches/${ID}/rows/3/retry`)).toHaveLength(1);
    expect(await screen.findByText('1 of 2 videos done, 1 running, 1 not run.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry row 3' })).toBeNull();
  });

  it('shows a CSV the server cannot read beside the file input', async () => {
    renderPage({ 'POST /api/batches': { status: 400, body: { message: 'CSV: a quoted field is not closed' } } });
    await chooseAndUpload('script,voice\n"open');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('CSV: a quoted field is not closed');
    expect(screen.getByLabelText('CSV file').getAttribute('aria-describedby')).toContain(alert.id);
  });

  it('opens the paywall the wizard opens when the valid rows outnumber the videos left, and starts nothing', async () => {
    const paywall = jest.fn();
    const unregister = registerPaymentHandler(paywall);
    try {
      renderPage({ 'POST /api/batches': { status: 402, body: { message: 'This batch needs 18 generations; you have 2 left', requiresPayment: true, limit: 3, requiresAdditionalOnly: false } } });
      await chooseAndUpload();
      expect((await screen.findByRole('alert')).textContent).toBe('You have fewer videos left than this batch has valid rows: nothing was started or charged.');
      expect(paywall).toHaveBeenCalledWith({ limit: 3, requiresAdditionalOnly: false });
      expect(screen.queryByRole('table', { name: "Each row's video" })).toBeNull();
    } finally {
      unregister();
    }
  });

  it('shows each row not run with the field its row names, whatever its message says, and a dash for none', async () => {
    const refused = batchOf([
      row({ row: 1, status: 'invalid', error: 'Give either actor or influencer', field: 'actor' }),
      row({ row: 2, status: 'invalid', error: 'voice_id must be one of: Wise_Woman', field: 'voice' }),
      row({ row: 3, status: 'invalid', error: 'script is required', field: 'pitch' }),
      row({ row: 4, status: 'invalid', error: 'format must be one of: portrait', field: null }),
    ]);
    renderPage({ 'POST /api/batches': { status: 202, body: refused }, [`GET /api/batches/${ID}`]: { body: refused } });
    await chooseAndUpload();
    const errors = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getAllByRole('row').slice(1).map((each) => [within(each).getByRole('rowheader').textContent, within(each).getAllByRole('cell')[0].textContent])).toEqual([
      ['1', 'actor'],
      ['2', 'voice'],
      ['3', 'pitch'],
      ['4', '—'],
    ]);
  });

  it('says a one-video batch in the singular', () => {
    expect(batchSummary(batchOf([row({ row: 1, status: 'succeeded' })]))).toBe('1 of 1 video done. The batch is complete.');
  });
});
