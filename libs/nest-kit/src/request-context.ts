import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The request id of the work in progress: set by the gateway per HTTP request, by services per NATS message. */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** An incoming id is kept only when it is a short, safe token; otherwise a new one is made. */
export function acceptOrCreateRequestId(incoming: unknown): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
