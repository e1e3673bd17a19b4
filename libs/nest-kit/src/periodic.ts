/**
 * Runs `task` again `intervalMs` after each run ends (never two at once), until the returned stop
 * function is called; a failed run is reported to `onError` and the next one still comes. The timer
 * does not keep the process alive.
 */
export function runPeriodically(intervalMs: () => number, task: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      task()
        .catch(onError)
        .finally(schedule);
    }, intervalMs());
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
