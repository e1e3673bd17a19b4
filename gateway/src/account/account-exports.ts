import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import type { AccountExportsRepository } from './account-exports.repository';

/** How long an export holds the user's one place without a sign of life from its replica. */
export const EXPORT_LEASE_MS = 120_000;
/** How often the producing replica extends the lease while it streams. */
const EXPORT_HEARTBEAT_MS = 30_000;

export const exportsSpentMessage = (limit: number) => `Daily limit of data exports reached (${limit} a day), resets at 00:00 UTC`;
export const EXPORT_UNDER_WAY_MESSAGE = 'Your data export is still being prepared. Wait for the download to finish before starting another.';

/** An export under way: `release` ends it (any number of times); `refund` also gives its place in the day back. */
export interface ExportRun {
  release(options?: { refund?: boolean }): Promise<void>;
}

/**
 * Data exports per user, counted in the gateway's `account_export` table so every replica and the
 * next start see the same count: one export at a time (a lease the producing replica extends while it
 * streams, so a replica that dies frees the user when the lease ends) and `perDay` per UTC day.
 * One atomic upsert claims both, so two replicas racing for the same user cannot both win.
 */
export class AccountExports {
  private readonly logger = new Logger(AccountExports.name);

  constructor(
    private readonly exports: AccountExportsRepository,
    private readonly perDay: number,
  ) {}

  /** Claims the user's export place and one of today's exports, or throws 429 (`QUOTA_EXCEEDED`) saying why not. */
  async start(userId: string): Promise<ExportRun> {
    const runId = randomUUID();
    // A refusal is read back to say why; the lease or the day may end in between, so try again then.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.exports.claim(userId, runId, EXPORT_LEASE_MS, this.perDay)) return this.run(userId, runId);

      const row = await this.exports.limitsOf(userId);
      if (row?.running) throw new ServiceError(ErrorCode.QuotaExceeded, EXPORT_UNDER_WAY_MESSAGE);
      if (row && row.msToDayEnd > 0 && row.exports >= this.perDay) {
        throw new ServiceError(ErrorCode.QuotaExceeded, exportsSpentMessage(this.perDay), {
          limit: this.perDay,
          resetsAt: new Date(row.day_ends_at).toISOString(),
          retryAfterSeconds: Math.max(1, Math.ceil(row.msToDayEnd / 1000)),
        });
      }
    }
    throw new ServiceError(ErrorCode.QuotaExceeded, EXPORT_UNDER_WAY_MESSAGE);
  }

  /** The claimed export: its lease extended while it runs, ended by `release`. */
  private run(userId: string, runId: string): ExportRun {
    // Unreferenced: the heartbeat never keeps the process alive.
    const heartbeat = setInterval(
      () => void this.exports.extendLease(userId, runId, EXPORT_LEASE_MS).catch((error: unknown) => this.logger.warn(`export lease of ${userId} not extended: ${String(error)}`)),
      EXPORT_HEARTBEAT_MS,
    ).unref();
    let released: Promise<void> | null = null;
    return {
      release: ({ refund = false } = {}) => {
        clearInterval(heartbeat);
        // An export that failed before its first byte does not count (unless the day has turned since).
        released ??= this.exports
          .endRun(userId, runId, refund)
          // The lease ends on its own in EXPORT_LEASE_MS.
          .catch((error: unknown) => this.logger.warn(`export lease of ${userId} not ended: ${String(error)}`));
        return released;
      },
    };
  }
}
