import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  API_ROUTES, BATCH_CSV_COLUMNS, batchCsvTemplate, BATCH_MAX_CSV_BYTES, BATCH_MAX_ROWS, SPEECH_PITCH, SPEECH_SPEED, VOICE_EMOTIONS, type Batch, type BatchRow, type BatchRowStatus,
} from '@lipcast/contracts';
import { Badge, Button, buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Page, Progress, Spinner } from '@lipcast/ui';
import { ApiError, callApi, generationsLeft, influencerName, isPaymentRequired, refreshAccount, routeQuery, toast, useAccount, useBusy } from '@lipcast/web-kit';
import { failureToast } from '../wizard/errors';
import '../styles.css';

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 2000;

/** What each column of the CSV means, in `BATCH_CSV_COLUMNS` order. */
export const CSV_COLUMN_HELP: Record<(typeof BATCH_CSV_COLUMNS)[number], string> = {
  actor: 'A built-in actor\'s id, listed below (e.g. ipfs-puppet-video-2). Give an actor or an influencer, not both.',
  influencer: 'The number of one of your AI influencers (listed below), or of a published community one, instead of an actor.',
  script: 'What the actor says (required; quote it when it holds commas or line breaks).',
  voice: 'A voice id, e.g. Friendly_Person or Wise_Woman (required).',
  emotion: `Optional: ${VOICE_EMOTIONS.join(', ')} (${VOICE_EMOTIONS[0]} when empty).`,
  speed: `Optional: how fast the voice speaks, ${SPEECH_SPEED.min} to ${SPEECH_SPEED.max} (${SPEECH_SPEED.default} when empty).`,
  pitch: `Optional: how high the voice is, a whole number from ${SPEECH_PITCH.min} to ${SPEECH_PITCH.max} (${SPEECH_PITCH.default} when empty).`,
};

/** The downloadable template: the header row and one example row, from the columns the batch parser reads (`batchCsvTemplate`). */
export const CSV_TEMPLATE = batchCsvTemplate();

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

const STATUS_LABEL: Record<BatchRowStatus, string> = { pending: 'Waiting', running: 'Running', succeeded: 'Done', failed: 'Failed', invalid: 'Not run' };
const STATUS_BADGE: Record<BatchRowStatus, 'default' | 'secondary' | 'success' | 'destructive' | 'outline'> = {
  pending: 'outline',
  running: 'secondary',
  succeeded: 'success',
  failed: 'destructive',
  invalid: 'outline',
};
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "12 of 18 videos done, 1 failed": the batch as the live region says it. */
export function batchSummary(batch: Batch): string {
  const { counts } = batch;
  const runnable = counts.total - counts.invalid;
  const parts = [`${counts.succeeded} of ${runnable} ${runnable === 1 ? 'video' : 'videos'} done`];
  if (counts.running) parts.push(`${counts.running} running`);
  if (counts.pending) parts.push(`${counts.pending} waiting`);
  if (counts.failed) parts.push(`${counts.failed} failed`);
  if (counts.invalid) parts.push(`${counts.invalid} not run`);
  return `${parts.join(', ')}.${batch.status === 'completed' ? ' The batch is complete.' : ''}`;
}

/** One of the page's tables: its caption (for screen readers), a header row naming `columns`, then `children`, its rows. */
function PageTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-500">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index < columns.length - 1 ? 'py-2 pr-4 font-medium' : 'py-2 font-medium'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A batch row's number, the header of its table row. */
function RowNumber({ row }: { row: BatchRow }) {
  return <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{row.row}</th>;
}

function ColumnsHelp() {
  return (
    <PageTable caption="The CSV's columns" columns={['Column', 'What it holds']}>
      {BATCH_CSV_COLUMNS.map((column) => (
        <tr key={column} className="border-b border-slate-100 align-top">
          <th scope="row" className="py-2 pr-4 font-mono font-medium text-slate-900">{column}</th>
          <td className="py-2 text-slate-700">{CSV_COLUMN_HELP[column]}</td>
        </tr>
      ))}
    </PageTable>
  );
}

/** How long a copy button says "Copied". */
export const COPIED_MS = 2000;

/** Copies `value` (an id for the CSV) to the clipboard; says "Copied" on the button for a moment, and to screen readers. */
function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast({ title: 'Could not copy', description: `Select ${value} and copy it yourself.`, variant: 'destructive' });
    }
  }

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={`${copied ? 'Copied' : 'Copy'} ${what}`}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? `Copied ${value}` : ''}
      </span>
    </>
  );
}

/** One table of ids to put in the CSV: each one's name, its id and a copy button. */
function IdTable({ caption, idColumn, items }: { caption: string; idColumn: string; items: { name: string; id: string }[] }) {
  return (
    <PageTable caption={caption} columns={['Name', idColumn, 'Copy']}>
      {items.map((item) => (
        <tr key={item.id} className="border-b border-slate-100 align-middle">
          <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{item.name}</th>
          <td className="py-2 pr-4 font-mono text-slate-700">{item.id}</td>
          <td className="py-2">
            <CopyButton value={item.id} what={`${idColumn.toLowerCase()} of ${item.name}`} />
          </td>
        </tr>
      ))}
    </PageTable>
  );
}

/**
 * The values the CSV's `actor` and `influencer` columns take (issue 37): the built-in actors by id,
 * and the creator's own influencers with a clip by number (one removed by an operator cannot be used).
 */
function ValidIds() {
  const { isSignedIn } = useAccount();
  const actors = useQuery(routeQuery(API_ROUTES.actors));
  const influencers = useQuery({ ...routeQuery(API_ROUTES.influencerProjects), enabled: isSignedIn });
  const usable = (influencers.data ?? []).filter((project) => project.outputUrl && project.moderation.state !== 'removed');
  return (
    <section aria-labelledby="csv-ids" className="space-y-4">
      <h2 id="csv-ids" className="text-lg font-semibold text-slate-900">Actors and influencers for the CSV</h2>
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">Built-in actors (the actor column)</h3>
        {actors.isError && <p className="text-sm text-red-700">The actors could not be loaded.</p>}
        {actors.data && <IdTable caption="Built-in actors and their ids" idColumn="Actor id" items={actors.data.map((actor) => ({ name: actor.title, id: actor.id }))} />}
      </div>
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">Your influencers (the influencer column)</h3>
        {influencers.data && usable.length === 0 && (
          <p className="text-sm text-slate-600">
            You have no influencer with a clip yet.{' '}
            <Link to="/ai-influencer" className="underline">
              Make one in the AI Influencer Creator
            </Link>
          </p>
        )}
        {usable.length > 0 && <IdTable caption="Your influencers and their numbers" idColumn="Influencer number" items={usable.map((project) => ({ name: influencerName(project), id: String(project.id) }))} />}
      </div>
    </section>
  );
}

/** The rows refused up front: never run nor charged. Each names the field its error is about, as the service's check said it. */
function InvalidRows({ rows }: { rows: BatchRow[] }) {
  if (!rows.length) return null;
  return (
    <section aria-labelledby="invalid-rows" className="space-y-2">
      <h2 id="invalid-rows" className="text-lg font-semibold text-slate-900">
        {rows.length === 1 ? '1 row was not run' : `${rows.length} rows were not run`}
      </h2>
      <p className="text-sm text-slate-600">Nothing was charged for them. Fix them in your CSV and upload those rows again.</p>
      <PageTable caption="Rows with errors" columns={['Row', 'Field', 'Message']}>
        {rows.map((row) => (
          <tr key={row.row} className="border-b border-slate-100">
            <RowNumber row={row} />
            <td className="py-2 pr-4 font-mono text-slate-700">{row.field ?? '—'}</td>
            <td className="py-2 text-red-700">{row.error}</td>
          </tr>
        ))}
      </PageTable>
    </section>
  );
}

function RowProgress({ row }: { row: BatchRow }) {
  const percent = Math.round(row.progress * 100);
  if (row.status !== 'running') return <span className="text-slate-500">{row.status === 'succeeded' ? '100%' : '—'}</span>;
  return (
    <div className="flex items-center gap-2">
      <Progress value={percent} aria-label={`Row ${row.row} progress`} className="w-24" />
      <span className="tabular-nums text-slate-600">{percent}%</span>
    </div>
  );
}

/** The rows that run: status, progress, the video when done, the error and Retry when failed. */
function RowsProgress({ batch, onRetry, retrying }: { batch: Batch; onRetry: (row: number) => void; retrying: number | null }) {
  const rows = batch.rows.filter((row) => row.status !== 'invalid');
  if (!rows.length) return null;
  return (
    <section aria-labelledby="batch-progress" className="space-y-2">
      <h2 id="batch-progress" className="text-lg font-semibold text-slate-900">Progress</h2>
      <PageTable caption="Each row's video" columns={['Row', 'Status', 'Progress', 'Video', 'Error']}>
        {rows.map((row) => (
          <tr key={row.row} className="border-b border-slate-100 align-middle">
            <RowNumber row={row} />
            <td className="py-2 pr-4">
              <Badge variant={STATUS_BADGE[row.status]}>{STATUS_LABEL[row.status]}</Badge>
            </td>
            <td className="py-2 pr-4">
              <RowProgress row={row} />
            </td>
            <td className="py-2 pr-4">
              {row.url ? (
                <a href={row.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
                  Watch row {row.row}
                </a>
              ) : (
                <span className="text-slate-400">—</span>
              )}
            </td>
            <td className="py-2">
              {row.status === 'failed' && (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-red-700">{row.error}</span>
                  <Button size="sm" variant="outline" disabled={retrying === row.row} onClick={() => onRetry(row.row)} aria-label={`Retry row ${row.row}`}>
                    {retrying === row.row ? 'Retrying…' : 'Retry'}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </PageTable>
    </section>
  );
}

/** One batch, read again every `BATCH_POLL_MS` while it runs. */
function BatchView({ initial }: { initial: Batch }) {
  const queryClient = useQueryClient();
  const key = [API_ROUTES.batch(initial.id).path] as const;
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => callApi(API_ROUTES.batch(initial.id)),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : BATCH_POLL_MS),
  });
  const batch = data ?? initial;
  const [retrying, setRetrying] = useState<number | null>(null);
  // Each row's generation is taken when it starts: the counter is read again once the batch ends.
  useEffect(() => {
    if (batch.status === 'completed') void refreshAccount(queryClient);
  }, [batch.status, queryClient]);

  async function retry(row: number) {
    setRetrying(row);
    try {
      queryClient.setQueryData(key, await callApi(API_ROUTES.retryBatchRow(batch.id, row)));
      void refreshAccount(queryClient);
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    } finally {
      setRetrying(null);
    }
  }

  return (
    <div className="space-y-8" data-testid="batch">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p role="status" aria-live="polite" className="text-slate-700">
          {batchSummary(batch)}
        </p>
        {batch.counts.succeeded > 0 && (
          <a href={API_ROUTES.batchZip(batch.id).path} download={`batch-${batch.id}.zip`} className={buttonVariants({})}>
            Download all (ZIP)
          </a>
        )}
      </div>
      <InvalidRows rows={batch.rows.filter((row) => row.status === 'invalid')} />
      <RowsProgress batch={batch} onRetry={(row) => void retry(row)} retrying={retrying} />
    </div>
  );
}

/** The user's earlier batches, newest first (the first page), to open one again. */
function EarlierBatches({ current, onOpen }: { current: string | null; onOpen: (batch: Batch) => void }) {
  const { data } = useQuery({ queryKey: [API_ROUTES.batches().path, current], queryFn: () => callApi(API_ROUTES.batches()) });
  const batches = (data?.batches ?? []).filter((batch) => batch.id !== current);
  const [opening, setOpening] = useState<string | null>(null);
  if (!batches.length) return null;

  async function open(id: string) {
    setOpening(id);
    try {
      onOpen(await callApi(API_ROUTES.batch(id)));
    } catch (error) {
      toast({ ...failureToast(error), variant: 'destructive' });
    } finally {
      setOpening(null);
    }
  }

  return (
    <section aria-labelledby="earlier-batches" className="mt-10 space-y-2">
      <h2 id="earlier-batches" className="text-lg font-semibold text-slate-900">Earlier batches</h2>
      <ul className="divide-y divide-slate-100">
        {batches.map((batch) => (
          <li key={batch.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <time dateTime={batch.createdAt}>{DATE.format(new Date(batch.createdAt))}</time>
              {` · ${batch.counts.succeeded} of ${batch.counts.total - batch.counts.invalid} done`}
              {batch.status === 'running' ? ' · running' : ''}
            </span>
            <Button size="sm" variant="outline" disabled={opening === batch.id} onClick={() => void open(batch.id)} aria-label={`Open the batch of ${DATE.format(new Date(batch.createdAt))}`}>
              Open
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/batches`: many videos from one CSV. The upload is checked row by row before anything is
 * charged (the rows not run listed with their field and message), the valid rows run a few at a
 * time with their progress, a failed row is retried alone, and the videos download as one ZIP.
 * Too few generations left opens the paywall, as the wizard does.
 */
export default function Batches() {
  const queryClient = useQueryClient();
  const { user } = useAccount();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [batch, setBatch] = useState<Batch | null>(null);
  const { busy: uploading, run } = useBusy((failure) => {
    if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
    else toast({ ...failureToast(failure), variant: 'destructive' });
  });

  function upload(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!file) return setError('Choose a CSV file first.');
    if (file.size > BATCH_MAX_CSV_BYTES) return setError('The file is larger than 1 MB.');
    void run(async () => {
      const answer = await callApi(API_ROUTES.createBatch, { body: { csv: await file.text() } });
      if (isPaymentRequired(answer)) {
        setError('You have fewer videos left than this batch has valid rows: nothing was started or charged.');
        return;
      }
      setBatch(answer);
      void refreshAccount(queryClient);
    });
  }

  const left = user ? generationsLeft(user) : null;
  return (
    <Page title="Batch videos" description={`Make up to ${BATCH_MAX_ROWS} videos from one CSV: one row, one video.`}>
      <div className="space-y-8">
        <Card>
          <CardHeader>
            <CardTitle>Your CSV</CardTitle>
            <CardDescription>
              A header row naming the columns, then one row per video. Every row is checked before anything is charged; rows with an error are listed and not run.{' '}
              <a href={TEMPLATE_HREF} download="lipcast-batch-template.csv" className="font-medium text-brand-700 underline">
                Download the example CSV
              </a>
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <ColumnsHelp />
            <ValidIds />
            <form onSubmit={upload} className="space-y-3" noValidate>
              <div className="space-y-2">
                <Label htmlFor={inputId}>CSV file</Label>
                <Input
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  className="h-auto py-2"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setError(null);
                  }}
                />
                <p id={hintId} className="text-sm text-slate-500">
                  Each valid row uses one of your videos when it starts{left === null ? '' : `; you have ${left} left`}.{' '}
                  <Link to="/additional-generations" className="underline">
                    Buy more
                  </Link>
                </p>
                {error && (
                  <p id={errorId} role="alert" className="text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
              <Button type="submit" disabled={uploading}>
                {uploading ? 'Checking rows…' : 'Upload and start'}
              </Button>
              {uploading && <Spinner label="Checking every row…" />}
            </form>
          </CardContent>
        </Card>
        {batch && <BatchView key={batch.id} initial={batch} />}
      </div>
      <EarlierBatches current={batch?.id ?? null} onOpen={setBatch} />
    </Page>
  );
}
