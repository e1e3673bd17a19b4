import type { JobState } from '@lipcast/contracts';

/**
 * Follows a generation job's progress on its server-sent event stream (`/api/jobs/{id}/events`):
 * each change, ending with the finished state. Returns the way to stop. A dropped stream is not an
 * error for the page (callers also learn the outcome from their own request).
 */
export function watchJob(jobId: string, onState: (state: JobState) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`/api/jobs/${jobId}/events`, { withCredentials: true });
  let heardSinceConnecting = false;
  source.addEventListener('progress', (event) => {
    heardSinceConnecting = true;
    const state = JSON.parse((event as MessageEvent<string>).data) as JobState;
    onState(state);
    if (state.status !== 'queued' && state.status !== 'running') source.close();
  });
  // The gateway ends a stream after its lifetime (10 minutes) and the browser reconnects by itself,
  // and each new stream starts with the current state. A stream that ends before saying anything
  // (refused, the gateway unreachable) is closed for good: callers that poll go on polling.
  source.onerror = () => {
    if (!heardSinceConnecting) source.close();
    heardSinceConnecting = false;
  };
  return () => source.close();
}

const isFinished = (state: JobState) => state.status !== 'queued' && state.status !== 'running';

/**
 * Resolves with a job's finished state, reporting each change on the way: the event stream for
 * prompt updates, and a look at `/api/jobs/{id}` every few seconds in case the stream drops.
 */
export function followJob(jobId: string, onState: (state: JobState) => void, pollMs = 3000): Promise<JobState> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      settled = true;
      stopWatching();
      clearTimeout(timer);
    };
    const finish = (state: JobState) => {
      if (settled) return;
      onState(state);
      if (!isFinished(state)) return;
      stop();
      resolve(state);
    };
    const look = async () => {
      try {
        const response = await fetch(`/api/jobs/${jobId}`, { credentials: 'include' });
        if (response.ok) finish(JSON.parse(await response.text()) as JobState);
        else if (response.status === 404 && !settled) {
          stop();
          reject(new Error('This generation no longer exists.'));
        }
      } catch {
        // Offline for a moment: the next look tries again.
      }
      if (!settled) timer = setTimeout(() => void look(), pollMs);
    };
    const stopWatching = watchJob(jobId, finish);
    timer = setTimeout(() => void look(), pollMs);
  });
}
