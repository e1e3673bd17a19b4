import { waitDuration } from '@lipcast/web-kit';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "Nov 23, 2026, 10:15 PM UTC": operators compare times with logs and traces, which are in UTC. */
/** A live job's wait as its user sees it: "2 ahead · ~40 s", "~12 s left", or "—". */
export function formatWait(job: { status: string; queuePosition?: number; estimatedSeconds?: number }): string {
  const about = job.estimatedSeconds !== undefined ? `~${waitDuration(job.estimatedSeconds)}` : null;
  if (job.status === 'queued' && job.queuePosition !== undefined) return `${job.queuePosition === 0 ? 'next' : `${job.queuePosition} ahead`}${about ? ` · ${about}` : ''}`;
  if (job.status === 'running' && about) return `${about} left`;
  return '—';
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UTC`;
}
