// The shell's federation runtime plugin that hands its runtime to the remotes: they are built with
// `externalRuntime` (create-config.cjs) and read it from this global instead of each bundling a
// second copy in its remoteEntry.js (16 KB as served per remote on a page). Imported here as an ES
// module, it is the same copy the shell itself runs, not a second one.
import * as runtimeCore from '@module-federation/runtime-core';

export default function shareFederationRuntime() {
  globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
  return { name: 'lipcast-share-federation-runtime' };
}
