// The shared `@tanstack/react-query` every app gets (`sharedSingletons()` in create-config.cjs): the
// part of it the apps use. A shared module is bundled whole (the build cannot know what other apps
// use), so sharing the package itself shipped its hydration, infinite, parallel and streamed queries
// and suspense hooks to every page. A remote that needs another export adds it here, and the shell is
// rebuilt with it, since remotes run on the shell's copy. The package is named by its file: its own
// name is the shared module's, which would make this file its own fallback.
export {
  focusManager,
  keepPreviousData,
  MutationCache,
  onlineManager,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../node_modules/@tanstack/react-query/build/modern/index.js';
