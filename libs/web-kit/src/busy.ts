import { useState } from 'react';

/**
 * A request a control starts (a form's submit, a button's action): `busy` while it runs, so the
 * control can be disabled and say so; `run` starts it, hands a failure to `onError` and clears
 * `busy` however it ended. Without `onError` a failure is raised to the caller.
 */
export function useBusy(onError?: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  async function run(request: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    try {
      await request();
    } catch (error) {
      if (!onError) throw error;
      onError(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
