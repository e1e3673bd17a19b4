import { Observable } from 'rxjs';
import { jobProgressSubject, Subjects, type JobState } from '@lipcast/contracts';
import type { ServiceClient } from '@lipcast/nest-kit';

export const isFinished = (job: JobState) => job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled';

/**
 * A job's states as they change: the current one first, then each progress event, ending with the
 * finished state. Listening starts before the current state is read, so no event falls in between.
 */
export function jobStates(services: ServiceClient, userId: string, jobId: string): Observable<JobState> {
  return new Observable<JobState>((subscriber) => {
    let latest: JobState | null = null;
    const emit = (state: JobState) => {
      if (subscriber.closed || (latest && state.progress < latest.progress && !isFinished(state))) return;
      latest = state;
      subscriber.next(state);
      if (isFinished(state)) subscriber.complete();
    };
    const unsubscribe = services.subscribe(jobProgressSubject(jobId), emit);
    services.send(Subjects.generation.jobGet, { userId, jobId }).then(emit, (error: unknown) => subscriber.error(error));
    return unsubscribe;
  });
}

/**
 * The job's state once it finishes, or its latest state after `timeoutMs` or as soon as `stop`
 * aborts (the gateway is draining: the client asks again, as after a time-out).
 */
export function waitForJob(services: ServiceClient, userId: string, jobId: string, timeoutMs: number, stop?: AbortSignal): Promise<JobState> {
  return new Promise((resolve, reject) => {
    let latest: JobState | null = null;
    const giveLatest = () => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', giveLatest);
      subscription.unsubscribe();
      if (latest) resolve(latest);
      else services.send(Subjects.generation.jobGet, { userId, jobId }).then(resolve, reject);
    };
    const subscription = jobStates(services, userId, jobId).subscribe({
      next: (state) => (latest = state),
      error: reject,
      complete: () => {
        clearTimeout(timer);
        stop?.removeEventListener('abort', giveLatest);
        resolve(latest!);
      },
    });
    const timer = setTimeout(giveLatest, timeoutMs);
    if (stop?.aborted) giveLatest();
    else stop?.addEventListener('abort', giveLatest, { once: true });
  });
}

/** RFC 7240 `Prefer: respond-async`: answer a long job's request at once (202 with its id). */
export const prefersAsync = (prefer: string | undefined) => prefer !== undefined && /\brespond-async\b/i.test(prefer);
