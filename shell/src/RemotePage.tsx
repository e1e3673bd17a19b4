import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@lipcast/ui';
import type { RemoteName } from '@lipcast/contracts';
import { loadRemotePage } from './remotes';

export const LOADING_TEXT = 'Loading...';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Contains a remote's failure to its own route: the chrome and other routes keep working. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A part of Lipcast failed to load:', error);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto my-16 max-w-md rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">This part of Lipcast could not be loaded.</p>
        <p className="mt-1 text-sm text-red-700">Check your connection and try again.</p>
        <Button className="mt-4" onClick={this.retry}>
          Retry
        </Button>
      </div>
    );
  }
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
      </Suspense>
    </RemoteErrorBoundary>
  );
}
