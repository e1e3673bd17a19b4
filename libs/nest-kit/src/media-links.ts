import type { StorageSettings } from './settings';
import { s3Client } from './storage';

export interface MediaLinkSettings extends Omit<StorageSettings, 'S3_ENDPOINT'> {
  /** The object store's (or its CDN's) origin as browsers reach it. */
  S3_PUBLIC_URL: string;
}

export interface MediaLinkOptions {
  /** How long a link is issued for; it stays valid at least `expirySeconds - windowSeconds` after it is handed out. */
  expirySeconds: number;
  /**
   * Links are signed as of the start of the current window, so every reader of an object within a
   * window gets the same URL and browsers and CDNs can cache its bytes under one address.
   */
  windowSeconds: number;
  /** The stored object's `Cache-Control` as the store should send it. */
  cacheControl: string;
  /** Sent as an attachment with this file name (a download keeps its name across origins). */
  downloadName?: string;
  /** For tests: the clock. */
  now?: Date;
}

/** S3 accepts presigned links for at most a week. */
export const MAX_LINK_EXPIRY_SECONDS = 7 * 24 * 3600;

/**
 * Presigned read links at the object store's public address: after the gateway's ownership check a
 * browser fetches media bytes (and seeks with byte ranges) from the store or a CDN in front of it,
 * never through a Node process. Signing is local (the region is configured), no request is made.
 */
export class MediaLinks {
  private readonly client = s3Client(this.settings.S3_PUBLIC_URL, this.settings);

  constructor(private readonly settings: MediaLinkSettings) {}

  /** A link to read `key` (already checked by the caller). */
  readUrl(key: string, options: MediaLinkOptions): Promise<string> {
    const now = (options.now ?? new Date()).getTime();
    const windowStart = new Date(now - (now % (options.windowSeconds * 1000)));
    const headers: Record<string, string> = { 'response-cache-control': options.cacheControl };
    if (options.downloadName) headers['response-content-disposition'] = `attachment; filename="${options.downloadName}"`;
    return this.client.presignedGetObject(this.settings.S3_BUCKET, key, Math.min(options.expirySeconds, MAX_LINK_EXPIRY_SECONDS), headers, windowStart);
  }
}
