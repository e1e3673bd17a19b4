import type { JobState } from '@lipcast/contracts';

/** What a page knows of a job's wait: its status, and the optional position and estimate its state carries. */
export type JobWaitState = Pick<JobState, 'status' | 'queuePosition' | 'estimatedSeconds'>;

/**
 * A wait as people say it, coarse enough not to change on every progress event (a live region reads
 * each change): whole seconds under 10, then 5 s steps, then minutes.
 */
export function waitDuration(seconds: number): string {
  if (seconds < 10) return `${Math.max(1, Math.ceil(seconds))} s`;
  if (seconds < 60) return `${Math.min(60, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} min`;
}

/**
 * The honest wait of a job (issue 23): while queued, how many videos are ahead of it and about how
 * long until it is done; while running, about how long is left. Null when its state says nothing.
 */
export function jobWaitText(state: JobWaitState | null | undefined): string | null {
  if (!state) return null;
  const about = state.estimatedSeconds !== undefined ? `about ${waitDuration(state.estimatedSeconds)}` : null;
  if (state.status === 'queued' && state.queuePosition !== undefined) {
    const ahead = state.queuePosition === 0 ? 'Yours is next' : `${state.queuePosition} video${state.queuePosition === 1 ? '' : 's'} ahead of yours`;
    return about ? `${ahead}, ${about}` : ahead;
  }
  if ((state.status === 'queued' || state.status === 'running') && about) return `${about.replace(/^a/, 'A')} left`;
  return null;
}

/**
 * The job's wait in a polite live region, placed under its progress bar. The region stays in the
 * page while the job runs (empty until the first figure), so screen readers hear each change.
 */
export function JobWaitNote({ state, className }: { state: JobWaitState | null | undefined; className?: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" data-testid="job-wait" className={className ?? 'text-sm text-slate-600'}>
      {jobWaitText(state)}
    </p>
  );
}
