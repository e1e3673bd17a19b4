/** A file a provider produced, on local disk until the service stores it in the object store. */
export interface MediaFile {
  path: string;
  contentType: string;
}

/** Media a provider reads: a URL it can fetch (a presigned object-store URL) and, for the embedded engine, the local file. */
export interface MediaInput {
  url: string;
  /** Present when the file is already on this machine (the embedded engine reads it directly). */
  localPath?: string;
  /** Its key in our object store, when it is one of ours (lets the embedded engine cache what it learns about it). */
  key?: string;
  contentType: string;
}

/** What a long-running provider call gets: cancellation, progress reports and a scratch folder. */
export interface WorkContext {
  signal: AbortSignal;
  /** Fraction done, 0..1; never reported backwards. */
  progress(fraction: number): void;
  /** A private folder for this call's files, removed after the job. */
  workDir: string;
  /** In a job: where its provider calls are recorded, so it waits on them without a worker. Absent outside jobs (the call is awaited). */
  providerCalls?: ProviderCallRecorder;
}

/** Where the provider should report the end of a prediction (its webhook), when one is configured. */
export interface WebhookTarget {
  url: string;
}

/**
 * A job's provider calls: each adapter's n-th call in the job is recorded once. The first time, it
 * is submitted (`create`) and the job parks (`JobParked`) until the prediction ends; when the job runs
 * again, the recorded final prediction is returned instead of a new call.
 */
export interface ProviderCallRecorder {
  call(adapter: string, create: (webhook: WebhookTarget | undefined) => Promise<{ id: string }>): Promise<Record<string, unknown>>;
}

/** Thrown through a job's handler when it waits on a provider: the worker frees its slot; the job runs again when the prediction ends. */
export class JobParked extends Error {
  constructor(readonly callKey: string) {
    super(`waiting on the provider (${callKey})`);
    this.name = 'JobParked';
  }
}

/** Defined beside the media checks, which throw it too (the engine and every adapter share the one class). */
export { ProviderError } from '@lipcast/media-tools';
