import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@lipcast/ui';
import type { RemoteName } from '@lipcast/contracts';
import { markFirstScreenShown } from './first-screen';
import { loadRemotePage } from './remotes';
import { IncompatibleRemoteError } from './shared-skew';

export const LOADING_TEXT = 'Loading...';

/** What a person reads when a remote fails: out of step with the shell (a release under way), or not loaded. */
const FAILURE_TEXT = {
  updating: { title: 'This part of Lipcast is being updated.', hint: 'Try again in a minute.' },
  unavailable: { title: 'This part of Lipcast could not be loaded.', hint: 'Check your connection and try again.' },
};
type Failure = keyof typeof FAILURE_TEXT;

/** Contains a remote's failure to its own route: the chrome and other routes keep working. */
export class RemoteErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failure: Failure | null }> {
  override state: { failure: Failure | null } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    return { failure: error instanceof IncompatibleRemoteError ? 'updating' : 'unavailable' };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof IncompatibleRemoteError) {
      // For operators: which shared package, the range the remote needs and the version the shell has.
      console.error(`Lipcast refused ${error.remote}: its shared dependencies do not match the shell's.`, error.skews, error);
    } else {
      console.warn('A part of Lipcast failed to load:', error);
    }
  }

  private retry = () => {
    this.setState({ failure: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failure) return this.props.children;
    const { title, hint } = FAILURE_TEXT[this.state.failure];
    return (
      <div role="alert" className="mx-auto my-16 max-w-md rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">{title}</p>
        <p className="mt-1 text-sm text-red-700">{hint}</p>
        <Button className="mt-4" onClick={this.retry}>
          Retry
        </Button>
      </div>
    );
  }
}

/** Rendered beside a remote's page, in its Suspense boundary: mounts once the page has shown. */
function PageShown() {
  useEffect(markFirstScreenShown, []);
  return null;
}

/** A page rendered by a remote, loaded lazily at run time. */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => lazy(() => loadRemotePage(remote, module, attempt > 0)), [remote, module, attempt]);
  return (
    <RemoteErrorBoundary onRetry={() => setAttempt((count) => count + 1)}>
      <Suspense fallback={<p className="p-8 text-center text-slate-500">{LOADING_TEXT}</p>}>
        {/* The remote's own stylesheet is scoped to this element (tools/webpack/scope-remote-css.cjs). */}
        <div data-remote={remote} className="contents">
          <Page />
        </div>
        <PageShown />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
