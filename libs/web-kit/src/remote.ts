import type { RemoteName } from '@lipcast/contracts';
import type { ComponentType } from 'react';

/** Loads a module another remote exposes; only the shell knows where remotes live, so it provides this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any remote component, whatever its props
export type RemoteLoader = (remote: RemoteName, module: string) => Promise<{ default: ComponentType<any> }>;

let loader: RemoteLoader | null = null;

/** The shell registers how remotes are loaded; returns the undo. */
export function registerRemoteLoader(next: RemoteLoader): () => void {
  loader = next;
  return () => {
    if (loader === next) loader = null;
  };
}

/** A component from another remote (e.g. `mfe_billing`'s `./UpgradePanel`), through the shell's loader. */
export function loadRemoteComponent<P>(remote: RemoteName, module: string): Promise<{ default: ComponentType<P> }> {
  if (!loader) return Promise.reject(new Error(`${remote}/${module} can only be loaded inside the Lipcast shell`));
  return loader(remote, module) as Promise<{ default: ComponentType<P> }>;
}
