import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, JOB_KINDS, JOB_STATUSES, type AdminConsent, type AdminJobFilter, type JobKind, type JobStatus } from '@lipcast/contracts';
import { Badge, Button, LipSyncNote, type BadgeVariant } from '@lipcast/ui';
import { callApi, routeQuery } from '@lipcast/web-kit';
import { runAdminAction } from '../admin-api';
import { ConfirmAction } from '../common/ConfirmAction';
import { Detail } from '../common/Detail';
import { SelectField, TextField } from '../common/fields';
import { formatDateTime, formatWait } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';
import { UserName } from '../common/UserName';

export const JOB_PAGE_SIZE = 25;

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...JOB_STATUSES.map((status) => ({ value: status, label: status }))];
const KIND_OPTIONS = [{ value: '', label: 'Any kind' }, ...JOB_KINDS.map((kind) => ({ value: kind, label: kind }))];
const LIP_SYNC_OPTIONS = [
  { value: '', label: 'Any lip-sync' },
  { value: 'below-threshold', label: 'Below threshold' },
];

const STATUS_BADGE: Record<JobStatus, BadgeVariant> = { queued: 'outline', running: 'info', succeeded: 'success', failed: 'destructive', canceled: 'secondary' };
const canCancel = (status: JobStatus) => status === 'queued' || status === 'running';
const canRetry = (status: JobStatus) => status === 'failed' || status === 'canceled';

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{status}</Badge>;
}

type Filters = Pick<AdminJobFilter, 'status' | 'kind' | 'user' | 'lipSync'>;

function JobFilters({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const [status, setStatus] = useState(initial.status ?? '');
  const [kind, setKind] = useState(initial.kind ?? '');
  const [user, setUser] = useState(initial.user ?? '');
  const [lipSync, setLipSync] = useState(initial.lipSync ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      status: (status || undefined) as JobStatus | undefined,
      kind: (kind || undefined) as JobKind | undefined,
      user: user.trim() || undefined,
      lipSync: lipSync === 'below-threshold' ? lipSync : undefined,
    });
  }
  return (
    <form role="search" aria-label="Filter jobs" onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-5">
      <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value)} options={STATUS_OPTIONS} />
      <SelectField label="Kind" value={kind} onChange={(event) => setKind(event.target.value)} options={KIND_OPTIONS} />
      <TextField label="User" value={user} onChange={(event) => setUser(event.target.value)} placeholder="id, username or e-mail" />
      <SelectField label="Lip-sync" value={lipSync} onChange={(event) => setLipSync(event.target.value)} options={LIP_SYNC_OPTIONS} />
      <Button type="submit">Apply filters</Button>
    </form>
  );
}

/** The consents of the face and voice the job was made from (issue 35): the exact words, when and by whom. */
function JobConsents({ consents, userId, userName }: { consents: AdminConsent[]; userId: string; userName?: string }) {
  if (consents.length === 0) return <span className="text-amber-800">No consent recorded</span>;
  return (
    <ul className="space-y-1">
      {consents.map((consent) => (
        <li key={consent.id}>
          {consent.text} — given{' '}
          <time dateTime={consent.givenAt}>{formatDateTime(consent.givenAt)}</time> by <UserName id={consent.userId} name={consent.userId === userId ? userName : undefined} />
        </li>
      ))}
    </ul>
  );
}

function JobDetail({ id, onRefund, onClose }: { id: string; onRefund: (userId: string, jobId: string) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data: job, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.job(id)), staleTime: 0 });

  const act = (action: 'cancel' | 'retry') =>
    runAdminAction(queryClient, action === 'cancel' ? 'Could not cancel the job' : 'Could not retry the job', async () => {
      await callApi(action === 'cancel' ? API_ROUTES.admin.cancelJob(id) : API_ROUTES.admin.retryJob(id));
      return action === 'cancel' ? 'Job cancelled' : 'Job queued again';
    });

  // Opened from a row far above the end of the tab: the panel is in view, and focus goes to it (back to the row on close).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    // Only keys pressed in the panel itself: a confirmation dialog it opened is in a portal, and handles its own Escape.
    if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) onClose();
  };

  return (
    <section
      aria-labelledby="job-detail-heading"
      onKeyDown={closeOnEscape}
      className="fixed inset-y-0 right-0 z-50 w-full max-w-2xl space-y-4 overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-2xl sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="job-detail-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold break-all text-slate-900 focus:outline-none">
          Job {id}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close job details
        </Button>
      </div>
      <LoadState isLoading={isLoading} error={error} label="the job" />
      {job && (
        <>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <Detail term="Status">
              <JobStatusBadge status={job.status} />
            </Detail>
            <Detail term="Kind">{job.kind}</Detail>
            <Detail term="User">
              <UserName id={job.userId} name={job.userName} />
            </Detail>
            <Detail term="Provider">{job.provider ?? '—'}</Detail>
            <Detail term="Progress">{Math.round(job.progress)}%</Detail>
            <Detail term="Wait">{formatWait(job)}</Detail>
            <Detail term="Attempts">{job.attempts}</Detail>
            <Detail term="Error" className={job.error ? 'text-red-700' : undefined}>
              {job.error ?? '—'}
            </Detail>
            <Detail term="Trace id" className="font-mono break-all">
              {job.traceId ?? '—'}
            </Detail>
            <Detail term="Reservation">{job.reservation ? `${job.reservation.status} (${job.reservation.source})` : 'none'}</Detail>
            <Detail term="Created">{formatDateTime(job.createdAt)}</Detail>
            {job.consents && (
              <Detail term="Consent">
                <JobConsents consents={job.consents} userId={job.userId} userName={job.userName} />
              </Detail>
            )}
            {job.lipSync && (
              <Detail term="Lip-sync">
                <LipSyncNote check={job.lipSync} /> <span className="text-slate-600">(sound {job.lipSync.offsetMs} ms against the mouth, confidence {job.lipSync.confidence.toFixed(2)})</span>
              </Detail>
            )}
          </dl>
          <div className="flex flex-wrap gap-2">
            <ConfirmAction
              label="Cancel job"
              title="Cancel this job?"
              description="The worker stops it and its credit reservation is released. This is written to the audit log."
              confirmLabel="Cancel job"
              variant="destructive"
              disabled={!canCancel(job.status)}
              onConfirm={() => act('cancel')}
            />
            <ConfirmAction
              label="Retry job"
              title="Retry this job?"
              description="The job is queued again with the same input. This is written to the audit log."
              confirmLabel="Retry job"
              disabled={!canRetry(job.status)}
              onConfirm={() => act('retry')}
            />
            <Button variant="secondary" size="sm" onClick={() => onRefund(job.userId, job.id)}>
              Adjust this user&apos;s credits
            </Button>
          </div>
          <h4 className="font-semibold text-slate-900">Timeline</h4>
          {job.timeline.length === 0 ? (
            <p className="text-sm text-slate-500">No events recorded.</p>
          ) : (
            <ol aria-label="Timeline" className="space-y-1 border-l-2 border-slate-200 pl-4 text-sm">
              {job.timeline.map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <time dateTime={event.at} className="text-slate-500">
                    {formatDateTime(event.at)}
                  </time>{' '}
                  <strong>{event.type}</strong>
                  {event.detail && <span className="text-slate-700">: {event.detail}</span>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** Jobs by status, kind and user, newest first, a page at a time; a job's details, cancel and retry. */
export function JobsTab({ onRefund, initialUser }: { onRefund: (userId: string, jobId: string) => void; initialUser?: string }) {
  const [filters, setFilters] = useState<Filters>({ user: initialUser });
  // The cursors of the pages seen so far: the last one is the page shown (null: the first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  // The job whose details are open, and the button that opened them (focus goes back to it on close).
  const [selected, setSelected] = useState<{ id: string; opener: HTMLElement | null } | null>(null);
  const selectedId = selected?.id ?? null;
  const closeDetail = () => {
    setSelected(null);
    if (selected?.opener?.isConnected) selected.opener.focus();
  };
  const cursor = cursors[cursors.length - 1];
  const { data, isLoading, error } = useQuery({
    ...routeQuery(API_ROUTES.admin.jobs({ ...filters, cursor: cursor ?? undefined, limit: JOB_PAGE_SIZE })),
    staleTime: 0,
  });

  return (
    <section aria-labelledby="jobs-heading" className="space-y-4">
      <h2 id="jobs-heading" className="text-xl font-semibold text-slate-900">
        Jobs
      </h2>
      <JobFilters
        initial={filters}
        onApply={(next) => {
          setFilters(next);
          setCursors([null]);
        }}
      />
      <LoadState isLoading={isLoading} error={error} label="jobs" />
      {data && (
        <>
          <Table caption="Jobs, newest first" columns={['Job', 'Status', 'Wait', 'Kind', 'User', 'Provider', 'Error', 'Created']} empty={data.jobs.length === 0 && 'No job matches these filters'}>
            {data.jobs.map((job) => (
              <tr key={job.id} className={job.id === selectedId ? 'bg-brand-50' : undefined}>
                <td className={cellClass}>
                  <Button variant="link" size="sm" className="h-auto px-0 font-mono" aria-label={`Show job ${job.id}`} onClick={(event) => setSelected({ id: job.id, opener: event.currentTarget })}>
                    {job.id.slice(0, 8)}
                  </Button>
                </td>
                <td className={cellClass}>
                  <JobStatusBadge status={job.status} />
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatWait(job)}</td>
                <td className={cellClass}>{job.kind}</td>
                <td className={cellClass}>
                  <UserName id={job.userId} name={job.userName} />
                </td>
                <td className={cellClass}>{job.provider ?? '—'}</td>
                <td className={`${cellClass} max-w-64 truncate`} title={job.error ?? undefined}>
                  {job.error ?? '—'}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(job.createdAt)}</td>
              </tr>
            ))}
          </Table>
          <nav aria-label="Job pages" className="flex gap-2">
            <Button variant="outline" size="sm" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              Previous page
            </Button>
            <Button variant="outline" size="sm" disabled={!data.nextCursor} onClick={() => data.nextCursor && setCursors([...cursors, data.nextCursor])}>
              Next page
            </Button>
          </nav>
        </>
      )}
      {selectedId && <JobDetail key={selectedId} id={selectedId} onRefund={onRefund} onClose={closeDetail} />}
    </section>
  );
}
