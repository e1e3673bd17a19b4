import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { ProviderError, type WorkContext } from '../ports/media';

/** Runs provider work in a private scratch folder that is removed afterwards, whatever happens. */
export async function withWorkDir<T>(
  options: { signal?: AbortSignal; progress?: (fraction: number) => void },
  run: (context: WorkContext) => Promise<T>,
): Promise<T> {
  const workDir = await mkdtemp(join(tmpdir(), 'lipcast-work-'));
  try {
    return await run({ workDir, signal: options.signal ?? new AbortController().signal, progress: options.progress ?? (() => undefined) });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

const STATUS_OF_KIND: Record<ProviderError['kind'], ErrorCode> = {
  'invalid-input': ErrorCode.Validation,
  'rate-limited': ErrorCode.RateLimited,
  'missing-key': ErrorCode.Unavailable,
  unauthorized: ErrorCode.Upstream,
  timeout: ErrorCode.Upstream,
  failed: ErrorCode.Upstream,
  canceled: ErrorCode.Conflict,
};

/** Rethrows a provider's failure as the error callers get (its message is already the spec's text): `.catch(throwAsServiceError)`. */
export function throwAsServiceError(error: unknown): never {
  throw error instanceof ProviderError ? new ServiceError(STATUS_OF_KIND[error.kind], error.message) : error;
}
