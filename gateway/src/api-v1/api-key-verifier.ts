import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ErrorCode, Events, Subjects, type ApiKeyIdentity, type VerifiedApiKey } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { keyHash, VerifiedKeys } from './verified-keys';

/** Auth's own message for an expired key, which the cache answers alike. */
export const EXPIRED_KEY_MESSAGE = 'This API key has expired';

/**
 * Who a presented key speaks for: from this gateway's cache of verified keys (`VerifiedKeys`), else
 * from auth over NATS. Listens to auth's invalidations for as long as the gateway runs and clears
 * the cache whenever the connection to NATS drops or returns.
 */
@Injectable()
export class ApiKeyVerifier implements OnModuleInit, OnModuleDestroy {
  readonly cache = new VerifiedKeys();
  /** Verifications under way, by key hash: concurrent requests with one key ask auth once. */
  private readonly asking = new Map<string, Promise<ApiKeyIdentity>>();
  private stopListening?: () => void;

  constructor(private readonly services: ServiceClient) {}

  onModuleInit(): void {
    this.stopListening = this.services.subscribe(Events.auth.apiKeysInvalidated, (event) => this.cache.invalidate(event));
    void this.clearOnReconnect();
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  /** Ends when the connection closes (at shutdown). */
  private async clearOnReconnect(): Promise<void> {
    for await (const status of this.services.nats.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') this.cache.clear();
    }
  }

  /** The key's owner; UNAUTHENTICATED (401) for a key that is unknown, revoked or expired. */
  async verify(key: string): Promise<ApiKeyIdentity> {
    const hash = keyHash(key);
    const cached = this.cache.lookup(hash, Date.now());
    if (cached === 'expired') throw new ServiceError(ErrorCode.Unauthenticated, EXPIRED_KEY_MESSAGE);
    if (cached) return cached.identity;
    const underWay = this.asking.get(hash);
    if (underWay) return underWay;
    const asked = this.ask(key, hash).finally(() => this.asking.delete(hash));
    this.asking.set(hash, asked);
    return asked;
  }

  private async ask(key: string, hash: string): Promise<ApiKeyIdentity> {
    const begunAt = this.cache.begin();
    const verified: VerifiedApiKey = await this.services.send(Subjects.auth.apiKeysVerify, { key });
    this.cache.remember(hash, verified, begunAt, Date.now());
    return { userId: verified.userId, keyId: verified.keyId, scopes: verified.scopes };
  }
}
